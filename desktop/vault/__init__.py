"""Secrets in the OS keyring."""
