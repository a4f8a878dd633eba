"""Playing by script: the key planner, random games, a driver of the App."""
