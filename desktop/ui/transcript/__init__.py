"""Reading a session: the transcript area, its rows, model, view and painting."""
