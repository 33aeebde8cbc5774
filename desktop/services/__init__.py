"""Use cases, written against the domain's ports. No Qt, no SQL, no processes."""
