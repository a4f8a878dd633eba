"""A new base for the Store (firmware/store/journal.py): the image to write whole in the other
slot, compacted to fit (the oldest entries folded into the snapshot, else the settings dropped).
Loaded for it only (a new game, a slot full of commits, a resume) and let go before the writing,
whose steps a press may come between. The functions take the Store.
"""

from firmware.core.game import Game
from firmware.store import codec

FULL = "full"  # (Store.warning) the game does not fit this board's NVM and was not saved


def plan(store, image, fresh):
    """A new base for image in the other slot, compacted to fit: None when it cannot be made, else
    (the slot's bytes in store's buffer: the frame, then erased bytes to its end; where they go;
    the Store's fields once they are written). fresh: image comes whole from the game in RAM (its
    k entries are not known to the store); otherwise it grows out of the stored image. Writes
    nothing: the Store writes it (Store._rebase, in steps), this module let go first."""
    fitted = fit(store, image)
    if fitted is None:
        return None
    cand, j = fitted
    seq = (store.seq + 1) & 0xFF
    frame = codec.frame_base(seq, codec.encode_base(cand))
    target = 1 - store.slot if store.slot >= 0 else 0
    buf = store._buf  # the frame, then erased bytes to the end of the slot, written at once
    n = len(frame)
    buf[0:n] = frame
    for i in range(n, store.half):
        buf[i] = 0xFF
    dropped_from, dropped_crc = (image.k, 0) if fresh else (store.dropped_from, store.dropped_crc)
    if j:
        head = codec.encode_ops([(None, 0, e) for e in image.entries[:j]], len(image.players))
        dropped_crc = codec.crc32(head, dropped_crc)
    chain = int.from_bytes(frame[-4:], "little")
    fields = (target, seq, chain, target * store.half + n, cand, dropped_from, dropped_crc)
    return n, target * store.half, fields


def base_size(image):
    return len(codec.frame_base(0, codec.encode_base(image)))

def fit(store, image):
    """(image or a compacted copy that fits a slot, entries folded) or None."""
    store.warning = None
    target = store.half - store.reserve
    if base_size(image) <= target:
        return image, 0
    if not image.has_game():
        return drop_settings(store, image, 0)
    n = len(image.players)
    entries = image.entries
    sizes = [codec.entry_size(e, n) for e in entries]
    bare = image.copy()
    bare.entries = []
    if bare.base is None:
        bare.base = Game(image.rules, image.players, image.dealer).state
    fixed = base_size(bare) + 4  # snapshot numbers may still grow a little
    total = sum(sizes)
    j = 0
    while j < len(entries) and fixed + total > target:
        total -= sizes[j]
        j += 1
    game = Game(image.rules, image.players, image.dealer, image.base, image.k)
    while True:
        cand = image.copy()
        if j:
            cand.base = game.fold(entries[:j])
            cand.k = image.k + j
            cand.entries = entries[j:]
        size = base_size(cand)
        if size <= target or (j == len(entries) and size <= store.half):
            return cand, j
        if j == len(entries):
            return drop_settings(store, cand, j)
        j += 1

def drop_settings(store, image, j):
    if image.settings is not None:
        cand = image.copy()
        cand.settings = None
        if base_size(cand) <= store.half:
            store.warning = (FULL, "settings too big for this board's memory: not saved")
            return cand, j
    store.warning = (FULL, "game too big for this board's memory: not saved")
    return None
