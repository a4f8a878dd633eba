# Runs before code.py: gives the CIRCUITPY drive to the code (to export games),
# unless the boot button is held at reset, which leaves it to the computer.
# The decision is firmware/device/bootmode.py; nothing here may stop the board booting.
try:
    import os
    import time

    import board
    import digitalio
    import storage

    from firmware.device import bootmode

    def held(name):
        pin = digitalio.DigitalInOut(getattr(board, name))
        try:
            pin.switch_to_input(pull=digitalio.Pull.UP)
            time.sleep(0.01)
            return not pin.value
        finally:
            pin.deinit()

    print("rodskagg boot: drive writable by the", bootmode.boot(os.getenv, held, storage.remount))
except Exception as e:  # leave the drive to the computer
    print("rodskagg boot:", e)
