#!/usr/bin/env python3
"""`a2a frames --vcd`: what a logic analyser's decoders read from the drawn bus equals
what the backend put on the wire (issue 47). sigrok-cli (Debian's, libsigrok 0.5 and
its protocol decoders) decodes the VCD: SPI mode 0 per chip select gives exactly the
bytes `a2a frames` prints for each chain or part, and I2C gives each write's address
and bytes. Without sigrok-cli the test says so and is skipped (exit 77), never passed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

failures = 0


def expect(ok, what):
    global failures
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures += 1


def frames(a2a, backend, round_, vcd, *options):
    out = subprocess.run([a2a, "frames", "--fabric", backend, "--round", str(round_), "--vcd", vcd, *options],
                         capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def sigrok(vcd, decoder, *args):
    return subprocess.run(["sigrok-cli", "-i", vcd, "-I", "vcd", "-P", decoder, *args],
                          capture_output=True, check=True).stdout


def spi_bytes(vcd, cs):
    return sigrok(vcd, "spi:clk=sclk:mosi=mosi:cs=" + cs, "-B", "spi=mosi").hex()


def check_spi(a2a, tmp, backend, options, line_pattern):
    """Each chip select's decoded MOSI bytes against the printed transfers on it."""
    vcd = os.path.join(tmp, backend + ".vcd")
    sent = {}
    for line in frames(a2a, backend, 3, vcd, *options):
        m = re.fullmatch(line_pattern, line)
        if m:
            sent.setdefault(int(m.group(1)), "")
            sent[int(m.group(1))] += m.group(2).replace(" ", "")
    expect(bool(sent), backend + ": round 3 carries transfers")
    for cs, want in sent.items():
        name = "cs_n" if cs == 0 else "cs%d_n" % cs
        got = spi_bytes(vcd, name)
        expect(got == want, "%s %s: sigrok's SPI decoder reads %s, a2a frames printed %s" % (backend, name, got, want))


def i2c_writes(vcd):
    """The writes sigrok's I2C decoder reads: (address, [bytes]) each."""
    text = sigrok(vcd, "i2c:scl=scl:sda=sda", "-A", "i2c=address-write:data-write:start").decode()
    writes = []
    for line in text.splitlines():
        if line.endswith(": Start") or line.endswith(": Start repeated"):
            writes.append(None)
        m = re.search(r"Address write: ([0-9A-F]{2})", line)
        if m:
            writes[-1] = (int(m.group(1), 16), [])
        m = re.search(r"Data write: ([0-9A-F]{2})", line)
        if m and writes and writes[-1] is not None:
            writes[-1][1].append(int(m.group(1), 16))
    return [w for w in writes if w is not None]


def main():
    a2a = sys.argv[1]
    if shutil.which("sigrok-cli") is None:
        print("SKIP sigrok-cli is not installed (tools/install-deps.sh installs it)")
        return 77
    omega16 = ["--topology", "omega", "--ports", "16"]
    with tempfile.TemporaryDirectory() as tmp:
        # The example: one chain through every stage, round 3.
        check_spi(a2a, tmp, "spi-chain-single", omega16, r"chain (\d+): ([0-9a-f ]+)")
        check_spi(a2a, tmp, "spi-chain", ["--topology", "baseline", "--ports", "32"], r"chain (\d+): ([0-9a-f ]+)")
        check_spi(a2a, tmp, "crosspoint-spi", omega16, r"chip (\d+): ([0-9a-f ]+?)(?: -> .*)?")
        check_spi(a2a, tmp, "adn4604-spi", ["--topology", "omega", "--ports", "64"], r"part (\d+): ([0-9a-f ]+?)(?: -> .*)?")
        # The ADN4604 on I2C: every write a2a frames prints, in order, decoded from the VCD.
        vcd = os.path.join(tmp, "adn4604-i2c.vcd")
        printed = []
        for line in frames(a2a, "adn4604-i2c", 3, vcd, *omega16, "--bus-hz", "400000", "--settle-us", "5"):
            m = re.fullmatch(r"mux \d+, 0x([0-9a-f]{2}) (write|read): ((?:[0-9a-f]{2} ?)+?)(?: -> .*)?", line)
            if m:
                printed.append((int(m.group(1), 16), [int(b, 16) for b in m.group(3).split()]))
        decoded = i2c_writes(vcd)
        expect(printed != [] and decoded == printed,
               "adn4604-i2c: sigrok's I2C decoder reads the round's writes (a read's register byte too): %s" % decoded)
        with open(vcd) as f:
            text = f.read()
        expect("$scope module libsigrok $end" in text and "$dumpvars" not in text,
               "the VCD is in the form libsigrok's VCD input takes")
        expect(re.search(r"\$var wire 1 \S+ update \$end", text) is not None, "the UPDATE pulse has its wire")
        code = subprocess.run([a2a, "frames", "--fabric", "adn4604-spi", "--round", "0", "--vcd", vcd,
                               "--topology", "omega", "--ports", "256"], capture_output=True, text=True)
        expect(code.returncode == 2 and "reads at most 64 channels" in code.stderr,
               "a round on more chip selects than libsigrok reads is refused, named")
        code = subprocess.run([a2a, "frames", "--fabric", "gpio", "--round", "0", "--vcd", vcd, *omega16],
                              capture_output=True, text=True)
        expect(code.returncode == 2 and "--vcd draws the SPI and I2C backends" in code.stderr,
               "gpio has no bus to draw: refused, named")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
