// Rödskägg scorekeeper: the enclosure of the table build (pico_242: a 2.42" SSD1309 module).
//
// The Pico build's case (../pico/enclosure.scad: its parts, layout and every parameter) sized
// for the bigger panel: a 70 x 90 mm perfboard (the common "7 x 9 cm" size) with the module
// (about 61 x 37 mm, its glass 55.0 x 27.5 mm active) near the top edge, the Pico under the
// board, the buttons in a row below the panel. Pick a part as there:
//     openscad -D 'part="lid"' -o lid.stl hardware/pico_242/enclosure.scad
// The values below replace the Pico build's (OpenSCAD takes a variable's last assignment);
// measure your module and change them before printing.

include <../pico/enclosure.scad>

/* [Perfboard] */
pcb_w = 70;
pcb_l = 90;

/* [Space above and below the board] */
above = 11;                // the module on a female header, its thicker glass just under the lid

/* [Display] */
oled_window = [57, 29.5];  // 2.42" 128x64 active area is 55.0 x 27.5
oled_center_y = 68;        // the module's centre: its top edge 3.5 mm under the board's
oled_center_x = 35;

/* [Buttons] */
button_pitch = 14;
button_row_y = 22;

/* [Box] */
usb_center_x = 35;         // the Pico centred under the board
