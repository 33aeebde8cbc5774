"""Pure domain: models, rules and the ports the services need. No I/O here."""
