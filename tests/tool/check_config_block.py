#!/usr/bin/env python3
"""Independent check of `a2a config encode` and `a2a config decode`.

The block is parsed here from the layout in docs/configuration.md alone (the codes of
its tables, zlib's CRC-32), the Intel HEX from the format's definition (every record's
checksum, the type 04 extended linear address), and each board's configuration address
from its platform/cortex-m/boards/<board>/board.cmake (following its include()), so
neither the tool's C++ nor its generated board table is trusted.

usage: check_config_block.py A2A WORKDIR BOARDS_DIR CASE...
CASE: comma-separated key=value: topology, ports, radix (default 2), schedule (the name
the block must hold), order (default natural), fault=S:W (repeatable), settle and guard
(microseconds, bytes 53..55 and 56..58), fabric (a2a or spi-chain, byte 59), board (also checks the HEX for that board),
rounds (what decode must report), max_rounds (at most that).
Each case: encode .bin (and .hex), check both here, decode both with the tool, and flip
one byte of the .bin, which decode must refuse naming the CRC.
"""
import os
import re
import struct
import subprocess
import sys
import zlib

TOPOLOGIES = ["omega", "baseline", "banyan", "reverse-omega", "reverse-baseline", "reverse-banyan", "gsen", "shift"]
SCHEDULES = ["latin-square", "alternating", "optical", "shift", "gsen-stage-control", "doubly-alternating",
             "quadruply-alternating", "broadcast", "fault-tolerant"]


def board_setting(boards_dir, board, name, value_pattern):
    """A2A_BOARD_<name> as the board's board.cmake sets it, itself or in a file it includes."""
    path = os.path.join(boards_dir, board, "board.cmake")
    pending = [path]
    while pending:
        text = open(pending.pop(0)).read()
        found = re.search(r"set\(A2A_BOARD_%s\s+(%s)\)" % (name, value_pattern), text)
        if found:
            return found.group(1)
        for inc in re.findall(r'include\("\$\{CMAKE_CURRENT_LIST_DIR\}/([^"]+)"\)', text):
            pending.append(os.path.normpath(os.path.join(os.path.dirname(path), inc)))
    raise SystemExit("no A2A_BOARD_%s for board %s" % (name, board))


def board_address(boards_dir, board):
    return int(board_setting(boards_dir, board, "CONFIG_ADDRESS", "0x[0-9A-Fa-f]+"), 16)


def board_copies(boards_dir, board):
    """The configuration store's two copies: the CONFIG region's halves (docs/flashing.md)."""
    address = board_address(boards_dir, board)
    length = int(board_setting(boards_dir, board, "CONFIG_LENGTH", "[0-9]+K")[:-1]) * 1024
    return [address, address + length // 2]


def parse_block(data):
    """The fields of a 64-byte block, every framing rule of docs/configuration.md checked."""
    assert len(data) == 64, "block is %d bytes, not 64" % len(data)
    magic, version, size, topology, schedule, order, count, ports, radix = struct.unpack_from("<IHHBBBBII", data, 0)
    assert magic == 0x43413241 and data[0:4] == b"A2AC", "magic %#x" % magic
    assert version == 1 and size == 64, "version %d size %d" % (version, size)
    assert data[52] == 0, "flags not zero"
    assert data[59] <= 1, "fabric byte %d: 0 the a2a block, 1 an SPI chain" % data[59]
    settle = data[53] | data[54] << 8 | data[55] << 16
    guard = data[56] | data[57] << 8 | data[58] << 16
    (crc,) = struct.unpack_from("<I", data, 60)
    assert crc == zlib.crc32(data[0:60]) & 0xFFFFFFFF, "CRC %#x, zlib says %#x" % (crc, zlib.crc32(data[0:60]))
    assert count <= 8 and order <= 1
    faults = [struct.unpack_from("<HH", data, 20 + 4 * f) for f in range(8)]
    assert all(f == (0, 0) for f in faults[count:]), "unused fault slots not zero"
    return {"topology": TOPOLOGIES[topology], "schedule": SCHEDULES[schedule], "order": ["natural", "gray"][order],
            "ports": ports, "radix": radix, "faults": ["%d:%d" % f for f in faults[:count]], "settle": settle,
            "guard": guard, "fabric": ["a2a", "spi-chain"][data[59]]}


def parse_hex(text):
    """{address: byte} of an Intel HEX file; checks every record and the end record."""
    memory, base, ended = {}, 0, False
    for number, line in enumerate(text.splitlines(), 1):
        assert not ended, "line %d after the end record" % number
        assert line.startswith(":"), "line %d: no ':'" % number
        record = bytes.fromhex(line[1:])
        assert len(record) == record[0] + 5, "line %d: byte count" % number
        assert sum(record) % 256 == 0, "line %d: checksum" % number
        offset, kind, data = (record[1] << 8) | record[2], record[3], record[4:-1]
        if kind == 0:
            for i, b in enumerate(data):
                memory[base + offset + i] = b
        elif kind == 4:
            assert len(data) == 2 and offset == 0
            base = ((data[0] << 8) | data[1]) << 16
        elif kind == 1:
            assert not data
            ended = True
        else:
            raise AssertionError("line %d: record type %d" % (number, kind))
    assert ended, "no end record"
    return memory


def case_stem(work, case):
    return os.path.join(work, re.sub(r"[^a-z0-9]+", "_", case))


def run(a2a, *args):
    return subprocess.run([a2a, "config"] + list(args), capture_output=True, text=True)


def check_case(a2a, work, boards_dir, case):
    want = {"radix": "2", "order": "natural", "fault": [], "settle": "0", "guard": "0", "fabric": "a2a"}
    for item in case.split(","):
        key, value = item.split("=", 1)
        if key == "fault":
            want["fault"].append(value)
        else:
            want[key] = value
    stem = case_stem(work, case)
    options = ["--topology", want["topology"], "--ports", want["ports"], "--radix", want["radix"],
               "--order", want["order"]]
    for fault in want["fault"]:
        options += ["--fault", fault]
    options += ["--settle-us", want["settle"], "--guard-us", want["guard"], "--fabric", want["fabric"]]
    done = run(a2a, "encode", *options, "--out", stem + ".bin")
    assert done.returncode == 0, "encode: %s" % done.stderr
    block = open(stem + ".bin", "rb").read()
    fields = parse_block(block)
    expected = {"topology": want["topology"], "schedule": want["schedule"], "order": want["order"],
                "ports": int(want["ports"]), "radix": int(want["radix"]), "faults": want["fault"],
                "settle": int(want["settle"]), "guard": int(want["guard"]), "fabric": want["fabric"]}
    assert fields == expected, "block holds %s, asked %s" % (fields, expected)
    line = "config: topology=%s ports=%s radix=%s schedule=%s order=%s faults=%s" % (
        want["topology"], want["ports"], want["radix"], want["schedule"], want["order"],
        ",".join(want["fault"]) or "none")
    line += "".join(" %s_us=%s" % (key, want[key]) for key in ("settle", "guard") if want[key] != "0")
    line += " fabric=%s" % want["fabric"] if want["fabric"] != "a2a" else ""
    outputs = [run(a2a, "decode", stem + ".bin")]
    if "board" in want:
        address = board_address(boards_dir, want["board"])
        done = run(a2a, "encode", *options, "--format", "hex", "--board", want["board"], "--out", stem + ".hex")
        assert done.returncode == 0, "encode hex: %s" % done.stderr
        memory = parse_hex(open(stem + ".hex").read())
        copies = board_copies(boards_dir, want["board"])
        held = [a for c in copies for a in range(c, c + 64)]
        assert sorted(memory) == held, "HEX does not hold 64 bytes at each of %s" % [hex(c) for c in copies]
        for c in copies:
            assert bytes(memory[c + i] for i in range(64)) == block, "HEX bytes at %#x differ from the .bin" % c
        decoded = run(a2a, "decode", stem + ".hex")
        assert "hex: block at 0x%08X (configuration address of " % address in decoded.stdout, decoded.stdout
        assert want["board"] in decoded.stdout, decoded.stdout
        outputs.append(decoded)
    for done in outputs:
        assert done.returncode == 0, "decode: exit %d: %s" % (done.returncode, done.stderr)
        assert line in done.stdout, "decode printed %r, expected %r" % (done.stdout, line)
        if "rounds" in want:
            assert "rounds: %s\n" % want["rounds"] in done.stdout, done.stdout
        if "max_rounds" in want:  # a plan around faults: at most a known design's rounds
            got = re.search(r"^rounds: (\d+)$", done.stdout, re.M)
            assert got and int(got.group(1)) <= int(want["max_rounds"]), done.stdout
    # One flipped byte (the ports field): the CRC no longer matches.
    flipped = bytearray(block)
    flipped[12] ^= 0x01
    open(stem + "_flipped.bin", "wb").write(flipped)
    done = run(a2a, "decode", stem + "_flipped.bin")
    assert done.returncode == 2, "flipped block: exit %d" % done.returncode
    assert "a2a config decode: error: configuration block CRC-32 mismatch" in done.stderr, done.stderr
    print("ok: %s" % case)


def hex_record(kind, offset, data):
    record = bytes([len(data), offset >> 8, offset & 0xFF, kind]) + bytes(data)
    return ":" + (record + bytes([-sum(record) & 0xFF])).hex().upper() + "\n"


GSEN_CASE = "topology=gsen,ports=10,schedule=alternating,rounds=10"


def check_extras(a2a, work):
    """A blank region (the device's default, not a block) and a HEX at no board's address."""
    path = os.path.join(work, "blank.bin")
    open(path, "wb").write(b"\xff" * 64)
    done = run(a2a, "decode", path)
    assert done.returncode == 2 and "bad magic number" in done.stderr and "blank (all 0xFF)" in done.stderr, \
        done.stderr
    block = open(case_stem(work, GSEN_CASE) + ".bin", "rb").read()
    path = os.path.join(work, "elsewhere.hex")
    text = hex_record(4, 0, [0x20, 0x00]) + "".join(hex_record(0, i, block[i:i + 16]) for i in range(0, 64, 16))
    open(path, "w").write(text + hex_record(1, 0, []))
    done = run(a2a, "decode", path)
    assert done.returncode == 0, done.stderr
    assert "hex: block at 0x20000000 (no board's configuration address)" in done.stdout, done.stdout
    print("ok: blank block refused, HEX at another address decoded")


def main():
    a2a, work, boards_dir = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    failed = 0
    for case in sys.argv[4:]:
        try:
            check_case(a2a, work, boards_dir, case)
        except AssertionError as error:
            failed += 1
            print("FAILED: %s: %s" % (case, error))
    if GSEN_CASE in sys.argv[4:]:  # its .bin is the block placed elsewhere
        try:
            check_extras(a2a, work)
        except AssertionError as error:
            failed += 1
            print("FAILED: extras: %s" % error)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
