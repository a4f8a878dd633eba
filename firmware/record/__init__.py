"""The game record (rodskagg-record/1): reading, writing, and the replay command's result."""
