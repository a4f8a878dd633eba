"""The table as one row of names, shortened until it fits: the set-up screen's and the table
builder's (newgame.py, seating.py)."""


def table_label(app, players):
    """ "Bord: Anna Bo Cia Dan", the names shortened until the row holds them all."""
    head = app.tr("Table:")
    return head + " " + names_fit(players, app.cols - 2 - len(head))


def names_fit(players, width):
    """The names with spaces, each cut shorter until they fit width (else the count)."""
    for k in (8, 4, 3, 2, 1):
        text = " ".join([p[:k] for p in players])
        if len(text) <= width:
            return text
    return "%d" % len(players)
