"""The test rig: the fake Anthropic API, the real claude binary, a real keyring."""
