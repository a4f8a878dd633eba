"""CircuitPython's ``wifi`` as the phone view uses it (firmware/web/phones.py): ``radio`` with an
access point that starts and stops, its address and MAC (the simulator's FakeRadio's, so that both
show the same network name), ``AuthMode``. Its sockets: socketpool.py beside this file."""


class AuthMode:
    OPEN = 0
    WEP = 1
    WPA = 2
    WPA2 = 3
    WPA3 = 4
    PSK = 5
    ENTERPRISE = 6


class Radio:
    def __init__(self):
        self.ap_active = False
        self.ipv4_address_ap = "192.168.4.1"
        self.mac_address_ap = b"\x28\xcd\xc1\x0f\x3f\x7a"
        self.enabled = True

    def start_ap(self, ssid, password="", *, channel=1, authmode=(), max_connections=4):
        if password and not 8 <= len(password) <= 63:
            raise ValueError("password length must be 8-63")
        self.ssid = ssid
        self.ap_active = True

    def stop_ap(self):
        self.ap_active = False


radio = Radio()
