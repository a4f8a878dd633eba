"""tools/drawings/wiring.py: the committed drawings and tables are the ones firmware/device/boards.py makes today."""

import xml.etree.ElementTree as ET

import pytest

from firmware.device import boards
from tools.build import bundle
from tools.drawings import wiring

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg_text, bold=None):
    root = ET.fromstring(svg_text)
    assert root.tag == SVG + "svg"
    found = []
    for node in root.iter(SVG + "text"):
        if bold is None or (node.get("font-weight") == "bold") == bold:
            found.append(node.text or "")
    return found


def test_committed_files_are_freshly_generated():
    stale = []
    for path, text in wiring.outputs().items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(str(path.relative_to(wiring.ROOT)))
    assert not stale, "regenerate with `python -m tools.drawings.wiring`: %s" % stale
    assert wiring.main(["--check"]) == 0


@pytest.mark.parametrize("name", sorted(boards.PROFILES))
def test_each_svg_parses_and_names_every_pin_of_its_profile(name):
    path = wiring.HARDWARE / name / "wiring.svg"
    text = path.read_text(encoding="utf-8")
    profile = boards.PROFILES[name]
    bold = texts(text, bold=True)
    every = " ".join(texts(text))
    for pin in [profile["sda"], profile["scl"]] + [pin for _role, pin in profile["buttons"]]:
        assert pin in bold, "%s: pin %s is not marked on the board" % (name, pin)
    for entry in wiring.pin_summary(name, profile):
        assert entry in every or entry.split()[1] in bold
    for role, pin in profile["buttons"]:
        assert "%s %s" % (role, pin) in every
    assert "0x%02X" % profile["address"] in every
    # the table says the same, and carries the settings.toml lines of the bundle
    table = (wiring.HARDWARE / name / "wiring.md").read_text(encoding="utf-8")
    for _role, pin in profile["buttons"]:
        assert "| %s" % pin in table
    for line in bundle.settings_toml(name).splitlines():
        if line.startswith("RODSKAGG_"):
            assert line in table


def test_a_pin_change_changes_firmware_default_settings_and_drawing(monkeypatch):
    moved = dict(boards.PROFILES["pico"])
    moved["buttons"] = (("prev", "GP14"), ("next", "GP11"), ("ok", "GP12"), ("back", "GP13"))
    moved["boot_button"] = "GP14"
    monkeypatch.setitem(boards.PROFILES, "pico", moved)
    assert boards.resolve({}.get)["buttons"][0] == ("prev", "GP14")
    assert 'RODSKAGG_BUTTONS = "prev:GP14,next:GP11,ok:GP12,back:GP13"' in bundle.settings_toml("pico")
    svg = wiring.svg_for("pico")
    assert "GP14" in texts(svg, bold=True) and "GP10" not in texts(svg, bold=True)
    committed = (wiring.HARDWARE / "pico" / "wiring.svg").read_text(encoding="utf-8")
    assert svg != committed
    assert wiring.main(["--check"]) == 1  # CI fails until the drawing is regenerated


def test_check_accepts_the_profiles_and_names_what_is_wrong():
    for name in boards.PROFILES:
        assert wiring.check(name)
    pico = boards.PROFILES["pico"]
    cases = [
        (dict(pico, scl="GP7"), "not one RP2040 I2C pair"),  # GP4 is I2C0 SDA, GP7 is I2C1 SCL
        (dict(pico, sda="GP5", scl="GP4"), "not one RP2040 I2C pair"),
        (dict(pico, sda="GP29"), "not a GPIO"),  # not on the Pico's header
        (dict(pico, sda="VBUS"), "not a GPIO"),
        (dict(pico, buttons=(("prev", "GP4"), ("next", "GP11"), ("ok", "GP12"))), "both"),
        (dict(pico, boot_button="GP20"), "not one of the buttons"),
    ]
    for profile, message in cases:
        with pytest.raises(wiring.WiringError, match=message):
            wiring.check("pico", profile)
    assert wiring.check("pico", dict(pico, sda="GP26", scl="GP27"))  # I2C1
    assert wiring.check("pico", dict(pico, sda="GP0", scl="GP1"))  # I2C0


def test_rp2040_i2c_pins_follow_the_datasheet_pattern():
    assert wiring.i2c_role(4) == ("SDA", 0) and wiring.i2c_role(5) == ("SCL", 0)
    assert wiring.i2c_role(2) == ("SDA", 1) and wiring.i2c_role(3) == ("SCL", 1)
    assert wiring.i2c_role(26) == ("SDA", 1) and wiring.i2c_role(27) == ("SCL", 1)
    # the Feather's SDA/SCL are GPIO2/GPIO3 (I2C1); the wing's buttons A/B/C are D9/D6/D5
    assert (wiring.FEATHER.gpio("SDA"), wiring.FEATHER.gpio("SCL")) == (2, 3)
    assert dict(wiring.WING_BUTTONS) == {"A": "D9", "B": "D6", "C": "D5"}
    feather = boards.PROFILES["feather_oled"]
    assert [pin for _role, pin in feather["buttons"]] == ["D9", "D6", "D5"]


def test_an_extra_feather_button_gets_its_own_part():
    feather = dict(boards.PROFILES["feather_oled"])
    feather["buttons"] = feather["buttons"] + (("back", "D10"),)
    svg = wiring.svg_for("feather_oled", feather)
    assert "D10" in texts(svg, bold=True)
    assert "button 3: back" in texts(svg)


def test_cli_rewrites_stale_files(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(wiring, "HARDWARE", tmp_path)
    monkeypatch.setattr(wiring, "ROOT", tmp_path)
    assert wiring.main(["--check"]) == 1
    assert wiring.main([]) == 0
    assert "wrote" in capsys.readouterr().out
    assert sorted(p.name for p in (tmp_path / "pico").iterdir()) == ["wiring.md", "wiring.svg"]
    assert wiring.main(["--check"]) == 0
