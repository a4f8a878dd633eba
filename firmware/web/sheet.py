"""The game as the phones see it: a small JSON document (docs/PHONES.md), made again only when
the game changed.

``Sheet.body(app)`` is the document's bytes and ``Sheet.tag`` its version: a new version (and
new bytes) whenever the game, the series or the language changed, the same bytes otherwise, so
that ten phones polling cost one making of the text per change. Whether the game changed is
told by the objects themselves, held here so that their addresses cannot be reused: a change of
the log (a hand, undo, an edit) gives the game a new ``state`` (firmware/core/game.py), a new
game is a new ``Game``. The text is written by hand, keys in a fixed order, the same on every VM
(CircuitPython's dicts keep no order); the history's words are the score sheet's
(firmware/store/exporttext.py ``entries``).
"""

import sys

from firmware import forget
from firmware.record.format import quote
from firmware.words import tr

# What the history's words are made with: loaded to make a document and let go after (a change
# comes once a hand; what they hold would otherwise stay beside the server all evening), unless
# the device had them loaded already (its history open: a second copy would load).
WORDING = ("firmware.store.exporttext", "firmware.words.hand")


def _ints(values):
    return "[" + ",".join("%d" % v for v in values) + "]"


def document(series, lang, tag):
    """The JSON text of series (a Series, or None before the first game) in parts."""
    from firmware.store import exporttext

    yield '{"v":%s,"lang":%s' % (quote(tag), quote(lang))
    if series is None:
        yield ',"game":null}'
        return
    game = series.game
    st = game.state
    players = game.players
    rules = game.rules
    yield ',"game":{"preset":%s,"players":[%s]' % (quote(rules.preset), ",".join(quote(p) for p in players))
    yield ',"hand":%d,"dealer":%d,"first":%d,"out":%s,"tied":%s,"winner":%d' % (
        st.hands + 1, st.dealer, st.first_to_speak(), _ints(st.out), _ints(st.tied), st.winner)
    yield ',"scores":%s' % _ints(st.scores)
    if rules.pot:
        yield ',"pot":%d,"balance":%s' % (st.pot, _ints(st.balance))
    else:
        yield ',"pot":null,"balance":null'
    if series.length > 1:
        yield ',"series":{"game":%d,"of":%d,"wins":%s}' % (series.number(), series.length,
                                                           _ints(series.wins()))
    else:
        yield ',"series":null'
    yield ',"head":[%s,%s]' % (quote(tr(lang, "hand")), quote(tr(lang, "entry")))
    if game.base is None:
        yield ',"start":{"hand":0,"what":%s,"scores":%s}' % (
            quote(tr(lang, "start")), _ints([rules.start] * len(players)))
    else:
        yield ',"start":{"hand":%d,"what":%s,"scores":%s}' % (
            game.base.hands, quote(tr(lang, "(earlier hands not kept)")),
            _ints(game.base.scores))
    sep = ',"rows":['
    for number, what, after in exporttext.entries(game, lang):
        # (each score's change is the page's: from the row before, as the CSV has it)
        yield '%s[%s,%s,%s]' % (sep, "null" if number is None else "%d" % number, quote(what),
                                _ints(after.scores))
        sep = ","
    yield "]" if sep == "," else ',"rows":[]'
    end = []  # the score sheet's last rows: the winner, the pot's balance
    if st.over():
        end.append("[%s,null]" % quote(tr(lang, "winner: %s") % players[st.winner]))
    if rules.pot:
        end.append("[%s,%s]" % (quote(tr(lang, "pot balance")), _ints(st.balance)))
    yield ',"end":[%s]}}' % ",".join(end)


class Sheet:
    """The document, made when a phone asks after a change and kept until the next one."""

    def __init__(self, boot):
        self.boot = boot  # a few characters new at every start: a phone's old version never matches
        self.count = 0
        self.tag = "%s-0" % boot
        self.seen = None  # (series, game, state, lang) the document was made from (held: see above)
        self.bytes = None

    def changed(self, app):
        """True (and a new tag) when the game, the series or the language is not what the document
        shows."""
        series = app.series
        game = series.game if series is not None else None
        now = (series, game, game.state if game is not None else None, app.lang)
        seen = self.seen
        if (seen is not None and now[0] is seen[0] and now[1] is seen[1] and now[2] is seen[2]
                and now[3] == seen[3]):
            return False
        self.seen = now
        self.count += 1
        self.tag = "%s-%d" % (self.boot, self.count)
        self.bytes = None
        return True

    def body(self, app):
        """The document's bytes for the game app shows now."""
        self.changed(app)
        if self.bytes is None:
            self.bytes = b""  # (the old text goes before the new one is made)
            loaded = [name for name in WORDING if name in sys.modules]
            self.bytes = "".join(document(app.series, app.lang, self.tag)).encode()
            for name in WORDING:
                if name not in loaded:
                    forget(name)
        return self.bytes
