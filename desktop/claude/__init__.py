"""The Claude Code CLI as a program, and its files in config dirs."""
