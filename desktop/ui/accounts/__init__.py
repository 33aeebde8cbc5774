"""Adding and removing Claude accounts."""
