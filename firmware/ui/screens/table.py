"""The table as one row of names, the last ones whole where they do not all fit: the set-up
screen's and the table builder's (newgame.py, seating.py)."""


def table_label(app, players):
    """ "Bord: Anna Bo Cia Dan", or the last names whole: "Bord: ..Örjan Märta"."""
    head = app.tr("Table:")
    return head + " " + names_fit(players, app.cols - 2 - len(head))


def names_fit(players, width):
    """The names with spaces; where they do not all fit width, the last ones whole after ".."
    (the newest seated: a name cut to 4 letters read as another), the last one cut to fit."""
    text = " ".join(players)
    if len(text) <= width:
        return text
    k = len(players) - 1
    while k > 0 and len(" ".join(players[k - 1:])) + 2 <= width:
        k -= 1
    return (".." + " ".join(players[k:]))[:width]
