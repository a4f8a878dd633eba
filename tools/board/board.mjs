// Runs CircuitPython's UF2 on rp2040js with the Pico's surroundings: flash chip, pads and pulls,
// the display module on I2C, buttons, and a power cut. `node board.mjs config.json`.
// The config and what is written back are described in README.md.
import fs from 'fs';
import { RP2040, USBCDC, GPIOPinState, ConsoleLogger, LogLevel } from 'rp2040js';
import { W25Q16, FlashSSI, QSPIIO, FLASH_SIZE } from './flash.mjs';

const cfg = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const NVM = 0x0ff000;
const DRIVE = 0x100000;
const MS = 1e6; // nanoseconds

const mcu = new RP2040();
mcu.logger = new ConsoleLogger(LogLevel.Error);
mcu.loadBootrom(new Uint32Array(toArrayBuffer(fs.readFileSync(cfg.bootrom))));
const clock = mcu.clock;

function toArrayBuffer(buf) {
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
}

// ---- flash contents ------------------------------------------------------------------------
if (cfg.flashIn) {
  mcu.flash.set(fs.readFileSync(cfg.flashIn).subarray(0, FLASH_SIZE));
} else {
  loadUF2(fs.readFileSync(cfg.uf2));
  if (cfg.driveImage) mcu.flash.set(fs.readFileSync(cfg.driveImage), DRIVE);
}

function loadUF2(buf) {
  for (let off = 0; off + 512 <= buf.length; off += 512) {
    const magic0 = buf.readUInt32LE(off);
    const magic1 = buf.readUInt32LE(off + 4);
    if (magic0 !== 0x0a324655 || magic1 !== 0x9e5d5157) continue;
    const target = buf.readUInt32LE(off + 12);
    const size = buf.readUInt32LE(off + 16);
    mcu.flash.set(buf.subarray(off + 32, off + 32 + size), target - 0x10000000);
  }
}

// ---- power cut -----------------------------------------------------------------------------
const cut = cfg.cut || null;
let stopReason = null;
const counts = { nvmErases: 0, nvmPrograms: 0, driveOps: 0, erases: 0, programs: 0 };
const flashOps = []; // [t_us, 'E'|'P', addr, size]
const BUSY = { erase4k: 45 * MS, erase32k: 120 * MS, erase64k: 150 * MS, program: 0.4 * MS };
let busyUntil = 0;

function inNvm(addr) {
  return addr >= NVM && addr < NVM + 4096;
}

function stop(reason) {
  if (!stopReason) stopReason = reason;
}

const chip = new W25Q16(mcu.flash, {
  onProgram(addr, bytes) {
    counts.programs++;
    if (addr >= DRIVE) {
      counts.driveOps++;
      if (cut && cut.kind === 'drive_op' && counts.driveOps === cut.n) {
        stop(`cut in drive program ${cut.n} at ${hex(addr)}`);
        return bytes.length >> 1; // half of the page lands
      }
    }
    return bytes.length;
  },
  afterProgram(addr, n) {
    flashOps.push([Math.round(clock.nanos / 1000), 'P', addr, n]);
    busyUntil = clock.nanos + BUSY.program;
    if (inNvm(addr)) {
      counts.nvmPrograms++;
      if (cut && cut.kind === 'nvm_program' && counts.nvmPrograms === cut.n) {
        stop(`cut after NVM page program ${cut.n}`);
      }
    }
  },
  onErase(addr, size) {
    counts.erases++;
    if (addr >= DRIVE) {
      counts.driveOps++;
      if (cut && cut.kind === 'drive_op' && counts.driveOps === cut.n) {
        stop(`cut in drive erase ${cut.n} at ${hex(addr)}`);
      }
    }
    return true;
  },
  afterErase(addr, size) {
    flashOps.push([Math.round(clock.nanos / 1000), 'E', addr, size]);
    busyUntil = clock.nanos + (size === 4096 ? BUSY.erase4k : size === 32768 ? BUSY.erase32k : BUSY.erase64k);
    if (inNvm(addr)) {
      counts.nvmErases++;
      if (cut && cut.kind === 'nvm_erase' && counts.nvmErases === cut.n) {
        stop(`cut after NVM erase ${cut.n}, before its program`);
      }
    }
  },
});
// The chip is busy (status bit 0) for its typical erase/program time, so saves take real time.
const statusOf = chip.transfer.bind(chip);
chip.transfer = (byte) => {
  const out = statusOf(byte);
  if (chip.frame && chip.frame[0] === 0x05 && chip.frame.length > 1 && clock.nanos < busyUntil) {
    return out | 1;
  }
  return out;
};

function hex(n) {
  return '0x' + n.toString(16);
}

const ssi = new FlashSSI(mcu, chip);
mcu.peripherals[(0x18000000 >>> 14) << 2] = ssi;
mcu.peripherals[(0x40018000 >>> 14) << 2] = new QSPIIO(mcu, ssi);

// ---- watchdog: rp2040js counts it down and calls this when it fires; its reset of the chip is
// the host's to model (RP2040.reset() would erase the flash): the run stops there, as at a cut,
// and the next run boots the same flash. The alarm goes off with it: left on, at a count of 0 it
// fires again at once, for ever.
const watchdog = mcu.peripherals[(0x40058000 >>> 14) << 2];
watchdog.onWatchdogTrigger = () => {
  watchdog.alarm.enable = false;
  watchdog.timer.enable = false;
  stop('watchdog reset');
};

// ---- pads, pulls, and what drives each pin from outside -------------------------------------
const SDA = cfg.sda ?? 4;
const SCL = cfg.scl ?? 5;
const ADDR = cfg.address ?? 0x3c;
const extPullUp = new Set([SDA, SCL]); // the display module's I2C pull-ups
const extLow = new Set(); // pins held low from outside (pressed buttons)
let targetSdaLow = false; // the display acknowledging a bit-banged probe

for (const pin of mcu.gpio) pin.padValue = 0x56; // reset value: IE, PDE, SCHMITT, 4 mA
for (const pin of mcu.qspi) pin.padValue |= 0x40;
mcu.qspi[1].padValue = 0x5a; // QSPI_SS: pulled up, so BOOTSEL reads "not pressed"
mcu.qspi[1].setInputValue(true);

function level(i) {
  const pin = mcu.gpio[i];
  const low = extLow.has(i) || (i === SDA && targetSdaLow);
  if (pin.outputEnable) return pin.outputValue && !low;
  if (low) return false;
  if (extPullUp.has(i)) return true;
  const v = pin.value;
  if (v === GPIOPinState.InputPullUp) return true;
  if (v === GPIOPinState.InputPullDown) return false;
  return pin.rawInputValue; // floating or bus keeper: keeps what it had
}

function refresh(i) {
  const v = level(i);
  if (v !== mcu.gpio[i].rawInputValue) mcu.gpio[i].setInputValue(v);
  return v;
}

// A pin-level I2C target: CircuitPython probes addresses with zero-length bit-banged writes.
const bb = { sda: true, scl: true, state: 'idle', bits: 0, byte: 0 };
function busChanged() {
  const sda = refresh(SDA);
  const scl = refresh(SCL);
  if (scl && bb.scl && sda !== bb.sda) {
    if (!sda) {
      bb.state = 'addr';
      bb.bits = 0;
      bb.byte = 0;
    } else {
      bb.state = 'idle';
      if (targetSdaLow) {
        targetSdaLow = false;
        refresh(SDA);
      }
    }
  } else if (scl && !bb.scl) {
    if (bb.state === 'addr' || bb.state === 'data') {
      bb.byte = ((bb.byte << 1) | (sda ? 1 : 0)) & 0xff;
      bb.bits++;
    }
  } else if (!scl && bb.scl) {
    if (bb.state === 'ack') {
      targetSdaLow = false;
      bb.state = bb.read ? 'idle' : 'data';
      bb.bits = 0;
      bb.byte = 0;
      refresh(SDA);
    } else if (bb.bits === 8) {
      const ours = bb.state === 'data' || bb.byte >> 1 === ADDR;
      if (bb.state === 'addr') bb.read = !!(bb.byte & 1);
      if (ours) {
        targetSdaLow = true;
        bb.state = 'ack';
        refresh(SDA);
      } else bb.state = 'idle';
      bb.bits = 0;
    }
  }
  bb.sda = level(SDA);
  bb.scl = scl;
}

for (let i = 0; i < mcu.gpio.length; i++) {
  const pin = mcu.gpio[i];
  if (i === SDA || i === SCL) pin.addListener(() => busChanged());
  else pin.addListener(() => refresh(i));
  refresh(i);
}
busChanged();

// ---- I2C through the peripheral: bytes take their bus time ----------------------------------
const i2c = mcu.i2c[cfg.i2cIndex ?? 0];
const i2cLog = fs.openSync(cfg.i2cLog, 'w');
let tx = null;
function bitNanos() {
  // SCL period from the configured high/low counts (pico-sdk sets them from the baud rate)
  const cycles = i2c.sclHighPeriod + i2c.sclLowPeriod;
  const hz = mcu.clkSys || 125e6;
  return cycles > 0 ? (cycles * 1e9) / hz : 2500;
}
function later(nanos, fn) {
  const alarm = clock.createAlarm(fn);
  alarm.schedule(nanos);
}
i2c.onStart = () => later(bitNanos() / 2, () => i2c.completeStart());
i2c.onConnect = (addr, mode) => {
  const ack = addr === ADDR;
  if (ack) tx = { t: clock.nanos, a: addr, m: mode, d: [] };
  later(9 * bitNanos(), () => i2c.completeConnect(ack));
};
i2c.onWriteByte = (value) => {
  if (tx) tx.d.push(value);
  later(9 * bitNanos(), () => i2c.completeWrite(true));
};
i2c.onReadByte = () => later(9 * bitNanos(), () => i2c.completeRead(0x00));
i2c.onStop = () => {
  if (tx) {
    const rec = { t: Math.round(tx.t / 1000), e: Math.round(clock.nanos / 1000), a: tx.a, d: Buffer.from(tx.d).toString('hex') };
    fs.writeSync(i2cLog, JSON.stringify(rec) + '\n');
    tx = null;
  }
  later(bitNanos(), () => i2c.completeStop());
};

// ---- console over USB CDC ------------------------------------------------------------------
const consoleChunks = [];
let consoleText = '';
const cdc = new USBCDC(mcu.usbCtrl);
cdc.onSerialData = (data) => {
  const s = Buffer.from(data).toString('latin1');
  consoleChunks.push([Math.round(clock.nanos / 1000), s]);
  consoleText += s;
  if (cfg.echo) process.stderr.write(s);
  if (cfg.stopOnText && consoleText.includes(cfg.stopOnText)) stop('console: ' + cfg.stopOnText);
};
// rp2040js's host answers every OUT-endpoint read at once, with zero bytes when it has nothing
// to send; TinyUSB then has an event ready all the time and CircuitPython never sleeps (WFI).
// A real host leaves the read pending until it has data: do that.
const answerRead = mcu.usbCtrl.onEndpointRead;
mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
  if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) return;
  answerRead(endpoint, size);
};

// ---- buttons: a timeline of levels -----------------------------------------------------------
// events: [[t_ms, gpio, pressed]]; pressed holds the pin low, released lets its pull-up win.
for (const [t, gpio, pressed] of cfg.events || []) {
  const alarm = clock.createAlarm(() => {
    if (pressed) extLow.add(gpio);
    else extLow.delete(gpio);
    refresh(gpio);
  });
  alarm.schedule(t * MS);
}
// Buttons held from power-on (the boot chord) are down before the first instruction.
for (const gpio of cfg.heldAtBoot || []) {
  extLow.add(gpio);
  refresh(gpio);
}

// ---- busy waits ----------------------------------------------------------------------------
// pico-sdk's busy_wait_us polls the timer in a loop of a few instructions (CircuitPython's
// one-second safe-mode wait at boot is 100 of them, 10 ms each). Once a read of the timer comes
// from a place that read it a few instructions ago, many times running, the loop is waiting for
// time to pass: let 20 us pass per poll (a wait ends at most that late).
const core = mcu.core;
const SPIN_POLLS = 16;
const SPIN_STEP = 20000; // ns
let executed = 0;
let spinPolls = 0;
let spinSkip = 0;
let spinNanos = 0;
const lastPoll = new Map();
const timer = mcu.peripherals[(0x40054000 >>> 14) << 2];
const timerRead = timer.readUint32.bind(timer);
timer.readUint32 = (offset) => {
  if (offset === 0x24 || offset === 0x28) {
    const pc = core.PC;
    spinPolls = executed - (lastPoll.get(pc) ?? -1e9) <= 16 ? spinPolls + 1 : 0;
    lastPoll.set(pc, executed);
    if (spinPolls >= SPIN_POLLS) spinSkip = SPIN_STEP;
  }
  return timerRead(offset);
};

// ---- PIO -----------------------------------------------------------------------------------
// rp2040js steps a running PIO block from Node's event loop (setTimeout), which this synchronous
// loop never yields to: the Feather's status NeoPixel (a PIO program CircuitPython starts at
// boot and waits for) would never finish. Step them here, a cycle per system clock cycle.
const pios = mcu.pio;
for (const pio of pios) pio.run = () => {};
function stepPios(cycles) {
  for (const pio of pios) {
    if (pio.stopped) continue;
    for (let c = 0; c < cycles; c++) pio.step();
  }
}

// ---- run -----------------------------------------------------------------------------------
const untilNanos = (cfg.untilMs ?? 10000) * MS;
const cycleNanos = 1e9 / 125e6;
mcu.core.PC = 0x10000000; // boot2 from flash, as the ROM would after its checks
const wallStart = Date.now();
let idleNanos = 0;
// cfg.profileFrom (ms): count where the core spends its instructions from then on (a debugging aid)
const profileFrom = cfg.profileFrom == null ? null : cfg.profileFrom * MS;
const pcCounts = new Map();
while (!stopReason) {
  if (clock.nanos >= untilNanos) {
    stopReason = 'time';
    break;
  }
  if (core.waiting && (core.pendingInterrupts & core.enabledInterrupts || core.pendingSystick || core.pendingPendSV)) {
    // An interrupt was already pending when WFI ran (CircuitPython sleeps with PRIMASK set, so it
    // is not taken): a Cortex-M0+ does not sleep then, rp2040js would sleep until the next edge.
    core.waiting = false;
  }
  if (core.waiting) {
    // WFI: nothing runs until the next alarm; jump the clock there
    let d = clock.nanosToNextAlarm;
    if (d <= 0 || clock.nanos + d > untilNanos) d = Math.max(untilNanos - clock.nanos, 1);
    idleNanos += d;
    if (!pios[0].stopped || !pios[1].stopped) stepPios(Math.min(Math.ceil(d / cycleNanos), 1e6));
    clock.tick(d);
  } else {
    if (profileFrom !== null && clock.nanos >= profileFrom) {
      const pc = core.PC >>> 4;
      pcCounts.set(pc, (pcCounts.get(pc) || 0) + 1);
    }
    const cycles = core.executeInstruction();
    executed++;
    if (!pios[0].stopped || !pios[1].stopped) stepPios(cycles);
    clock.tick(cycles * cycleNanos);
    if (spinSkip) {
      clock.tick(spinSkip);
      spinNanos += spinSkip;
      spinSkip = 0;
    }
  }
}

fs.closeSync(i2cLog);
if (cfg.flashOut) fs.writeFileSync(cfg.flashOut, mcu.flash.subarray(0, FLASH_SIZE));
const result = {
  stop: stopReason,
  t_ms: clock.nanos / MS,
  idle_ms: idleNanos / MS,
  spin_ms: spinNanos / MS,
  wall_ms: Date.now() - wallStart,
  counts,
  flashOps,
  console: consoleChunks,
  profile: [...pcCounts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([pc, n]) => [(pc << 4) >>> 0, n]),
};
fs.writeFileSync(cfg.resultOut, JSON.stringify(result));
