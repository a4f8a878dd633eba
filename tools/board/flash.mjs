// W25Q16JV SPI NOR flash (2 MiB) behind the RP2040's SSI, and the SSI + IO_QSPI that reach it.
// Stock rp2040js drops SSI writes, so erase and program never happen; this model executes the
// commands the boot ROM's flash functions and pico-sdk's flash_do_cmd send.
import { BasePeripheral } from 'rp2040js';

export const FLASH_SIZE = 2 * 1024 * 1024;
const JEDEC = [0xef, 0x40, 0x15];

/** The chip: commands arrive byte by byte inside a chip-select frame. */
export class W25Q16 {
  constructor(mem, hooks = {}) {
    this.mem = mem; // the emulator's flash array: XIP reads see what was programmed
    this.hooks = hooks; // onErase(addr, size), onProgram(addr, bytes) -> may return false to drop
    this.status = [0x00, 0x02, 0x60]; // SR1, SR2 (QE set, as the Pico's chips ship), SR3
    this.wel = false;
    this.uid = [0xe6, 0x60, 0x58, 0x38, 0x83, 0x2a, 0x4b, 0x2c];
    this.frame = null;
    this.log = { erases: 0, programs: 0 };
  }

  begin() {
    this.frame = [];
  }

  /** One byte shifted in; returns the byte shifted out. */
  transfer(byte) {
    const f = this.frame;
    if (f === null) return 0xff;
    f.push(byte);
    const cmd = f[0];
    const i = f.length - 1; // index of this byte
    switch (cmd) {
      case 0x05:
        return i >= 1 ? this.status[0] | (this.wel ? 2 : 0) : 0;
      case 0x35:
        return i >= 1 ? this.status[1] : 0;
      case 0x15:
        return i >= 1 ? this.status[2] : 0;
      case 0x9f:
        return i >= 1 && i <= 3 ? JEDEC[i - 1] : i >= 1 ? 0 : 0;
      case 0x4b:
        return i >= 5 && i < 13 ? this.uid[i - 5] : 0;
      case 0x03:
        return i >= 4 ? this.mem[(this.addr(f) + i - 4) % FLASH_SIZE] : 0;
      case 0x0b:
        return i >= 5 ? this.mem[(this.addr(f) + i - 5) % FLASH_SIZE] : 0;
      case 0xab: // release power-down / device id
        return i >= 4 ? 0x14 : 0;
      case 0x90:
        return i >= 4 ? (i % 2 === 0 ? 0xef : 0x14) : 0;
      default:
        return 0;
    }
  }

  addr(f) {
    return ((f[1] << 16) | (f[2] << 8) | f[3]) % FLASH_SIZE;
  }

  end() {
    const f = this.frame;
    this.frame = null;
    if (!f || f.length === 0) return;
    const cmd = f[0];
    if (cmd === 0x06) this.wel = true;
    else if (cmd === 0x04) this.wel = false;
    else if (cmd === 0x50) this.volatileWe = true;
    else if ((cmd === 0x01 || cmd === 0x31 || cmd === 0x11) && (this.wel || this.volatileWe)) {
      if (cmd === 0x01) {
        if (f.length > 1) this.status[0] = f[1] & 0xfc;
        if (f.length > 2) this.status[1] = f[2];
      } else if (cmd === 0x31 && f.length > 1) this.status[1] = f[1];
      else if (cmd === 0x11 && f.length > 1) this.status[2] = f[1];
      this.wel = false;
      this.volatileWe = false;
    } else if (cmd === 0x02 && f.length > 4 && this.wel) {
      this.program(this.addr(f), f.slice(4));
      this.wel = false;
    } else if ((cmd === 0x20 || cmd === 0x52 || cmd === 0xd8) && f.length >= 4 && this.wel) {
      const size = cmd === 0x20 ? 4096 : cmd === 0x52 ? 32768 : 65536;
      this.erase(this.addr(f) & ~(size - 1), size);
      this.wel = false;
    } else if ((cmd === 0xc7 || cmd === 0x60) && this.wel) {
      this.erase(0, FLASH_SIZE);
      this.wel = false;
    }
  }

  program(addr, data) {
    // A page program wraps inside its 256-byte page, and NOR programming only clears bits.
    let bytes = data;
    const keep = this.hooks.onProgram ? this.hooks.onProgram(addr, bytes) : bytes.length;
    bytes = bytes.slice(0, keep);
    const page = addr & ~0xff;
    for (let k = 0; k < bytes.length; k++) {
      const a = page + ((addr + k) & 0xff);
      this.mem[a] &= bytes[k];
    }
    this.log.programs++;
    if (this.hooks.afterProgram) this.hooks.afterProgram(addr, bytes.length);
  }

  erase(addr, size) {
    const go = this.hooks.onErase ? this.hooks.onErase(addr, size) : true;
    if (go) this.mem.fill(0xff, addr, addr + size);
    this.log.erases++;
    if (this.hooks.afterErase) this.hooks.afterErase(addr, size);
  }
}

const SSI_CTRLR0 = 0x00;
const SSI_SSIENR = 0x08;
const SSI_SER = 0x10;
const SSI_SR = 0x28;
const SSI_TXFLR = 0x20;
const SSI_RXFLR = 0x24;
const SSI_DR0 = 0x60;

/**
 * The SSI in the mode the flash routines use it: standard SPI, 8-bit frames, TX and RX.
 * Chip select comes from IO_QSPI's SS output override (forced low/high by the ROM and the SDK),
 * or, when not overridden, from the SSI itself: then a frame ends once every byte sent has been
 * read back or the SSI is disabled (boot2's status reads).
 */
export class FlashSSI extends BasePeripheral {
  constructor(rp2040, chip) {
    super(rp2040, 'SSI');
    this.chip = chip;
    this.regs = new Map();
    this.rx = [];
    this.csForced = null; // null: SSI drives CS; true: asserted; false: released
    this.autoFrame = false;
    this.pending = 0;
  }

  get standard8() {
    const c = this.regs.get(SSI_CTRLR0) ?? 0;
    const frf = (c >> 21) & 3; // SPI_FRF: 0 standard
    const dfs32 = (c >> 16) & 0x1f;
    return frf === 0 && dfs32 === 7;
  }

  setForcedCS(state) {
    if (state === this.csForced) return;
    if (this.autoFrame) this.endAuto();
    if (state === true) this.chip.begin();
    else if (this.csForced === true) this.chip.end();
    this.csForced = state;
  }

  endAuto() {
    this.autoFrame = false;
    this.chip.end();
  }

  readUint32(offset) {
    switch (offset) {
      case SSI_SR:
        // TFNF, TFE, RFNE when data waits; never busy: every byte completes at once
        return 0x2 | 0x4 | (this.rx.length ? 0x8 : 0);
      case SSI_TXFLR:
        return 0;
      case SSI_RXFLR:
        return Math.min(this.rx.length, 16);
      case SSI_DR0: {
        const v = this.rx.length ? this.rx.shift() : 0;
        if (this.autoFrame && this.rx.length === 0) this.endAuto();
        return v;
      }
      case 0x58:
        return 0x51535049;
      case 0x5c:
        return 0x3430312a;
    }
    return this.regs.get(offset) ?? 0;
  }

  writeUint32(offset, value) {
    if (offset === SSI_DR0) {
      let out = 0;
      if (this.standard8) {
        if (this.csForced === true) out = this.chip.transfer(value & 0xff);
        else if (this.csForced === null) {
          if (!this.autoFrame) {
            this.autoFrame = true;
            this.chip.begin();
          }
          out = this.chip.transfer(value & 0xff);
        }
      }
      if (this.rx.length < 64) this.rx.push(out);
      return;
    }
    if (offset === SSI_SSIENR) {
      if (this.autoFrame) this.endAuto();
      this.rx = [];
    }
    if (offset === SSI_SER && !value && this.autoFrame) this.endAuto();
    this.regs.set(offset, value >>> 0);
  }
}

/** IO_QSPI: only the SS pad's output override matters (it is the flash's chip select). */
export class QSPIIO extends BasePeripheral {
  constructor(rp2040, ssi) {
    super(rp2040, 'IO_QSPI');
    this.ssi = ssi;
    this.regs = new Map();
  }

  readUint32(offset) {
    if (offset === 0x08) {
      // GPIO_QSPI_SS_STATUS: BOOTSEL is read here; the pad is pulled high (not pressed)
      const outover = ((this.regs.get(0x0c) ?? 0) >> 8) & 3;
      const level = outover === 2 ? 0 : 1;
      return (level << 17) | (level << 19);
    }
    return this.regs.get(offset) ?? 0;
  }

  writeUint32(offset, value) {
    this.regs.set(offset, value >>> 0);
    if (offset === 0x0c) {
      const outover = (value >> 8) & 3;
      this.ssi.setForcedCS(outover === 2 ? true : outover === 3 ? false : null);
    }
  }
}
