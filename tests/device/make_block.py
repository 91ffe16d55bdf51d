#!/usr/bin/env python3
"""Writes a controller configuration block (64 bytes) for the QEMU provisioning
tests, independently of the C++ encoder (firmware/core/include/a2a/config/config_block.hpp's
layout as docs/configuration.md documents it; CRC-32 from Python's zlib).

    make_block.py OUT.bin --topology banyan --ports 16 [--radix 2] [--schedule latin-square]
                  [--order natural] [--fault S:W ...] [--flip BYTE]

--flip BYTE xors 0x40 into byte BYTE after the CRC: a corrupted block."""
import argparse
import struct
import zlib

# The codes are the enum values of a2a::Topology and a2a::ScheduleKind, in order.
TOPOLOGIES = ["omega", "baseline", "banyan", "reverse-omega", "reverse-baseline", "reverse-banyan", "gsen",
              "shift"]
SCHEDULES = ["latin-square", "alternating", "optical", "shift", "gsen-stage-control", "doubly-alternating",
             "quadruply-alternating", "broadcast", "fault-tolerant", "table"]


def block(topology, ports, radix, schedule, order, faults):
    body = struct.pack("<IHHBBBBII", 0x43413241, 1, 64, TOPOLOGIES.index(topology), SCHEDULES.index(schedule),
                       0 if order == "natural" else 1, len(faults), ports, radix)
    for f in range(8):
        stage, switch = faults[f] if f < len(faults) else (0, 0)
        body += struct.pack("<HH", stage, switch)
    body += bytes(8)  # reserved
    return body + struct.pack("<I", zlib.crc32(body))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--topology", default="omega", choices=TOPOLOGIES)
    p.add_argument("--ports", type=int, default=16)
    p.add_argument("--radix", type=int, default=2)
    p.add_argument("--schedule", default="latin-square", choices=SCHEDULES)
    p.add_argument("--order", default="natural", choices=["natural", "gray"])
    p.add_argument("--fault", action="append", default=[])
    p.add_argument("--flip", type=int)
    a = p.parse_args()
    faults = [tuple(int(x) for x in f.split(":")) for f in a.fault]
    data = bytearray(block(a.topology, a.ports, a.radix, a.schedule, a.order, faults))
    assert len(data) == 64
    if a.flip is not None:
        data[a.flip] ^= 0x40
    with open(a.out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
