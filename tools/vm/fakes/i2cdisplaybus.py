"""Fake ``i2cdisplaybus``: ``I2CDisplayBus`` keeps the SSD1306's power and contrast from its commands."""



class I2CDisplayBus:
    def __init__(self, i2c_bus, *, device_address, reset=None):
        if device_address not in i2c_bus._devices:
            raise ValueError("Unable to find I2C Display at %x" % device_address)
        self._i2c = i2c_bus
        self.device_address = device_address
        self.on = False
        self.contrast = 0x7F  # the SSD1306's reset value

    def send(self, command, data):
        """One command with its argument bytes (the SSD1306 takes both as commands)."""
        if command == 0xAE:
            self.on = False
        elif command == 0xAF:
            self.on = True
        elif command == 0x81 and len(data):
            self.contrast = data[0]

    def reset(self):
        pass

    def deinit(self):
        self._i2c = None
