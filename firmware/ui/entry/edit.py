"""Editing the game from the history (firmware/ui/screens/history.py): an entry made again in
place of log[index], or a hand the table forgot entered before it. Loaded for that only: a new
hand's Flow (firmware/ui/entry/flow.py) holds none of it."""

from firmware.core.errors import EntryError
from firmware.ui.entry.flow import Flow


class Edit(Flow):
    """The entry replaces log[index], or, with insert, goes in before it; the later entries are
    scored again when it is saved."""

    def __init__(self, app, index, back, insert=False):
        Flow.__init__(self, app, back)
        self.index = index
        self.insert = insert
        self.state = self.game.fold(self.game.log[:index])
        self.old = None if insert else self.game.log[index]

    def shown(self, e):
        """e (a later entry's EntryError) with its index as the history shows the log now (an
        insert moves the later entries one on)."""
        if self.insert and e.index >= 0:
            k = e.index - self.game.base_entries
            e.index = -1 if k == self.index else e.index - 1 if k > self.index else e.index
        return e

    def later(self, app, entry):
        """When entry makes a later entry impossible (a game that now ends sooner): how many later
        entries to delete first; "" when all stand."""
        log = self.game.log
        try:
            self.game.fold(log[:self.index] + [entry] + log[self.index + (0 if self.insert else 1):])
        except EntryError as e:
            k = self.shown(e).index - self.game.base_entries
            return app.tr("Delete %d later first") % (len(log) - k) if 0 <= k < len(log) else ""
        return ""

    def commit(self, app, entry, back):
        try:
            if self.insert:
                self.game.insert(self.index, entry)
            else:
                self.game.replace(self.index, entry)
        except EntryError as e:
            app.refuse(self.shown(e), back)
            return
        app.committed()
