#!/usr/bin/env python3
"""Draws Tend's app icons (a progress ring with a check on teal) as PNGs, with nothing but the
standard library: run once after changing the design, and commit the PNGs it writes into
Sources/TendWeb/Assets/ (they are embedded in the binary).

    scripts/make-icons.py
"""
import math
import os
import struct
import zlib

ASSETS = os.path.join(os.path.dirname(__file__), "..", "Sources", "TendWeb", "Assets")
BACKGROUND = (15, 118, 110)  # #0F766E, the theme colour
WHITE = (255, 255, 255)
SAMPLES = 4  # supersampling per axis, for smooth edges


def png(width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def segment_distance(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def draw(size, maskable):
    # Geometry in units of the icon (0…1); a maskable icon keeps its drawing inside the safe
    # zone (the middle 80 %) and fills every pixel with the background.
    scale = 0.78 if maskable else 1.0
    corner = 0.0 if maskable else 0.22
    ring_radius, ring_width = 0.30 * scale, 0.075 * scale
    check = [(0.5 + x * scale, 0.5 + y * scale) for x, y in [(-0.12, 0.0), (-0.035, 0.09), (0.13, -0.085)]]
    check_width = 0.035 * scale

    def color_at(x, y):
        # Background: a rounded square (or the full square).
        if corner:
            cx = min(max(x, corner), 1 - corner)
            cy = min(max(y, corner), 1 - corner)
            if math.hypot(x - cx, y - cy) > corner:
                return None
        r = math.hypot(x - 0.5, y - 0.5)
        if abs(r - ring_radius) <= ring_width / 2:
            angle = (math.degrees(math.atan2(x - 0.5, 0.5 - y)) + 360) % 360  # 0 at the top, clockwise
            return WHITE if angle <= 270 else tuple(int(b + (w - b) * 0.35) for b, w in zip(BACKGROUND, WHITE))
        for (ax, ay), (bx, by) in zip(check, check[1:]):
            if segment_distance(x, y, ax, ay, bx, by) <= check_width:
                return WHITE
        return BACKGROUND

    rows = []
    for j in range(size):
        row = []
        for i in range(size):
            total = [0, 0, 0, 0]
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    c = color_at((i + (si + 0.5) / SAMPLES) / size, (j + (sj + 0.5) / SAMPLES) / size)
                    if c is not None:
                        total[0] += c[0]
                        total[1] += c[1]
                        total[2] += c[2]
                        total[3] += 255
            n = SAMPLES * SAMPLES
            covered = total[3] / 255
            if covered:
                row += [round(total[0] / covered), round(total[1] / covered), round(total[2] / covered), round(total[3] / n)]
            else:
                row += [0, 0, 0, 0]
        rows.append(row)
    return png(size, size, rows)


for name, size, maskable in [("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True)]:
    path = os.path.join(ASSETS, name)
    with open(path, "wb") as f:
        f.write(draw(size, maskable))
    print(f"wrote {os.path.normpath(path)} ({os.path.getsize(path)} bytes)")
