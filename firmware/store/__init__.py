"""Saves: the NVM save format and journal, the rules as save codes, and the export to the drive."""
