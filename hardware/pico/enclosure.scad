// Rödskägg scorekeeper: a parametric enclosure for the Pico build (hardware/README.md).
//
// Three printed parts: the base (a tray with standoffs for the perfboard, a
// USB opening and an optional battery bay), the lid (OLED window and button
// holes) and the button caps. Pick one with `part`, e.g.
//     openscad -D 'part="lid"' -o lid.stl hardware/pico/enclosure.scad
// or open the file in OpenSCAD and use the Customizer. Units: mm.
//
// The layout assumed (component side of the perfboard up, towards the lid):
//   - a 50 x 70 mm perfboard (the common "5 x 7 cm" size), portrait;
//   - the OLED module near the top edge, its glass just under the lid;
//   - the buttons in a row below it (6 x 6 mm tactile switches, 5 mm tall body);
//   - the Pico soldered to the underside of the perfboard, USB towards the
//     bottom end wall (or use a USB cable through the opening);
//   - with battery = true, a 3xAAA holder lies on the floor under the board.
// Measure your parts and change the numbers below before printing.

/* [Part] */
part = "all"; // [all, base, lid, caps]

/* [Perfboard] */
pcb_w = 50;          // width (x)
pcb_l = 70;          // length (y)
pcb_t = 1.6;         // thickness
pcb_hole_inset = 2.5;  // corner mounting holes, from each edge
pcb_hole_d = 2.6;    // self-tapping M2.5 into the standoffs (use 3.2 for M3)

/* [Space above and below the board] */
above = 9;           // perfboard top to lid underside: OLED on a header + module + glass
below = 9;           // floor to perfboard bottom: the Pico under the board, pins trimmed
battery = false;     // add a bay for a 3xAAA holder under the board
battery_h = 16;      // height of the battery holder (Adafruit 727 is about 15 mm)
power_switch = false;  // a slot in the left wall for a mini slide switch
switch_slot = [9, 4.5];

/* [Display] */
oled_window = [24, 13];    // 0.96" 128x64 active area is 21.7 x 10.9; 128x32: use [24, 7]
oled_center_y = 52;        // window centre, from the perfboard's bottom edge
oled_center_x = 25;        // from the perfboard's left edge
oled_chamfer = 1.2;        // bevel around the window

/* [Buttons] */
buttons = 4;               // 3 (prev, next, ok) or 4 (+ back); firmware/boards.py order, left to right
button_pitch = 11;         // centre to centre
button_row_y = 20;         // row centre, from the perfboard's bottom edge
button_hole = 7.2;         // lid hole; the caps' stem is 0.6 smaller
switch_h = 5;              // tactile switch body height on the perfboard (6x6x5 mm)
switch_stem = 3.5;         // round actuator of the switch, its diameter
cap_protrude = 2.5;        // how far the caps stand above the lid

/* [Box] */
wall = 2;
floor_t = 2;
lid_t = 2;
clearance = 0.6;           // around the perfboard, and lid lip to wall
corner_r = 3;
usb_opening = [12, 8];     // width x height in the bottom end wall
usb_center_x = 25;         // from the perfboard's left edge (a Pico centred on the board)
usb_center_z = -4.5;       // from the perfboard's bottom face (negative: below the board)
lip = 3;                   // depth of the lid's locating lip

$fn = 40;

// ---------------------------------------------------------------- derived
bay = battery ? battery_h : 0;
inner = [pcb_w + 2 * clearance, pcb_l + 2 * clearance];
outer = [inner[0] + 2 * wall, inner[1] + 2 * wall];
pcb_z = floor_t + bay + below;           // underside of the perfboard
base_h = pcb_z + pcb_t + above;          // the lid sits on top of this
// perfboard origin (its bottom-left corner) in box coordinates
pcb_o = [wall + clearance, wall + clearance];
function button_x(i) = oled_center_x + (i - (buttons - 1) / 2) * button_pitch;

module rounded(size, r, h) {
    // a box with rounded vertical edges
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r])
        translate([x, y, 0]) cylinder(r = r, h = h);
}

module base() {
    difference() {
        rounded(outer, corner_r, base_h);
        translate([wall, wall, floor_t]) rounded(inner, max(0.5, corner_r - wall), base_h);
        // USB opening in the bottom end wall (y = 0)
        translate([pcb_o[0] + usb_center_x - usb_opening[0] / 2, -1,
                   pcb_z + usb_center_z - usb_opening[1] / 2])
            cube([usb_opening[0], wall + 2, usb_opening[1]]);
        if (power_switch)
            translate([-1, outer[1] / 2 - switch_slot[0] / 2, floor_t + bay / 2 + 2])
                cube([wall + 2, switch_slot[0], switch_slot[1]]);
    }
    // standoffs under the perfboard's corner holes
    for (x = [pcb_hole_inset, pcb_w - pcb_hole_inset], y = [pcb_hole_inset, pcb_l - pcb_hole_inset])
        translate([pcb_o[0] + x, pcb_o[1] + y, floor_t + bay])
            difference() {
                cylinder(d = 5.5, h = below);
                translate([0, 0, 1]) cylinder(d = pcb_hole_d - 0.4, h = below);
            }
    if (battery)  // two rails that keep the holder in place
        for (x = [pcb_o[0] + 4, pcb_o[0] + pcb_w - 6])
            translate([x, pcb_o[1] + 8, floor_t]) cube([2, pcb_l - 16, 3]);
}

module lid() {
    difference() {
        union() {
            rounded(outer, corner_r, lid_t);
            // locating lip that drops inside the walls
            translate([wall + clearance / 2, wall + clearance / 2, -lip])
                difference() {
                    rounded([inner[0] - clearance, inner[1] - clearance], 1, lip);
                    translate([1.6, 1.6, -1])
                        rounded([inner[0] - clearance - 3.2, inner[1] - clearance - 3.2], 0.5, lip + 2);
                }
        }
        // OLED window with a bevel
        translate([pcb_o[0] + oled_center_x, pcb_o[1] + oled_center_y, 0]) {
            translate([0, 0, lid_t / 2]) cube([oled_window[0], oled_window[1], lid_t + 2], center = true);
            translate([0, 0, lid_t - oled_chamfer])
                linear_extrude(height = oled_chamfer + 0.01,
                               scale = [(oled_window[0] + 2 * oled_chamfer) / oled_window[0],
                                        (oled_window[1] + 2 * oled_chamfer) / oled_window[1]])
                    square(oled_window, center = true);
        }
        // button holes
        for (i = [0 : buttons - 1])
            translate([pcb_o[0] + button_x(i), pcb_o[1] + button_row_y, -lip - 1])
                cylinder(d = button_hole, h = lid_t + lip + 2);
    }
}

// a cap: stem through the lid, a flange under it (it cannot fall out), a socket on the switch
cap_stem = button_hole - 0.6;
cap_flange = button_hole + 3;
cap_len = above - switch_h + lid_t + cap_protrude;   // switch top to the cap's top

module cap() {
    difference() {
        union() {
            cylinder(d = cap_flange, h = 1.2);
            cylinder(d = cap_stem, h = cap_len);
        }
        translate([0, 0, -0.01]) cylinder(d = switch_stem + 0.3, h = 1.8);
    }
}

module caps() {
    for (i = [0 : buttons - 1]) translate([i * (cap_flange + 3), 0, 0]) cap();
}

if (part == "base") base();
if (part == "lid") translate([0, 0, lid_t]) rotate([180, 0, 0]) translate([0, -outer[1], 0]) lid();
if (part == "caps") caps();
if (part == "all") {
    base();
    translate([outer[0] + 10, 0, lid_t]) rotate([180, 0, 0]) translate([0, -outer[1], 0]) lid();
    translate([2 * outer[0] + 25, 10, 0]) caps();
}

echo(str("outside: ", outer[0], " x ", outer[1], " x ", base_h + lid_t, " mm; caps ", cap_len, " mm long"));
