#!/usr/bin/env python3
"""Generator of bench/import.sh: a Polylang WXR export of POSTS posts and the IMAGES images they use.

Usage: make_wxr.py POSTS IMAGES OUT.wxr IMAGE_DIR [SITE]
  SITE   the old site's address (https://old-bench.example); another one is another site, whose
         posts (slugs seed-N) do not meet the first's

Written item by item (the file is never held whole). Posts alternate English and Czech; the first
half are linked in pairs (English 2k, Czech 2k+1) through post_translations terms, the rest stand
alone. Every 20th post has an <img> in its content and every 25th a cover (_thumbnail_id) pointing
to one of IMAGES attachments; each image is a distinct small PNG written to
IMAGE_DIR/wp-content/uploads/bench/N.png, as the old site would serve it.
"""
import os
import random
import struct
import sys
import zlib

SITE = "https://old-bench.example"
EN = ("payment card bank transfer instant settlement wallet merchant acquirer issuer fraud scheme "
      "regulation license customer checkout fee interchange network token mobile open banking").split()
CS = ("platba karta banka převod okamžité vypořádání peněženka obchodník zúčtování vydavatel podvod "
      "regulace licence zákazník pokladna poplatek síť token mobilní otevřené bankovnictví").split()
CATEGORIES = ["Fintech", "Digital Payments", "Regulations", "Cybersecurity", "Old Blog Notes"]


def png(n):
    """A 24x16 PNG whose colours follow n, so no two images share their bytes."""
    width, height = 24, 16
    r, g, b = n % 251, (n * 7) % 253, (n * 13) % 255
    rows = b"".join(b"\x00" + bytes((r, g, (b + y * 9) % 256)) * width for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def image_url(n):
    return f"{SITE}/wp-content/uploads/bench/{n}.png"


def main():
    global SITE
    posts, images, out_path, image_dir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    slug, base = "post", 0
    if len(sys.argv) > 5:
        # Another site: its ids (and so its /?p=ID redirects) stay clear of the first's.
        SITE, slug, base = sys.argv[5], "seed", 50_000_000
    folder = os.path.join(image_dir, "wp-content", "uploads", "bench")
    os.makedirs(folder, exist_ok=True)
    for n in range(images):
        with open(os.path.join(folder, f"{n}.png"), "wb") as f:
            f.write(png(n))
    rnd = random.Random(23)
    linked = posts // 2 - (posts // 2) % 2
    attachment_base = base + 10 * posts  # attachment ids never meet post ids
    with open(out_path, "w", encoding="utf-8") as out:
        w = out.write
        w('<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" '
          'xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" '
          'xmlns:content="http://purl.org/rss/1.0/modules/content/" '
          'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel>\n')
        w(f"<title>Bench blog</title><link>{SITE}</link><wp:wxr_version>1.2</wp:wxr_version>\n")
        w(f"<wp:base_site_url>{SITE}</wp:base_site_url><wp:base_blog_url>{SITE}</wp:base_blog_url>\n")
        w("<wp:author><wp:author_login><![CDATA[writer]]></wp:author_login>"
          "<wp:author_email><![CDATA[writer@old-bench.example]]></wp:author_email></wp:author>\n")
        for pair in range(linked // 2):
            en, cs = base + 2 * pair + 1, base + 2 * pair + 2
            desc = f'a:2:{{s:2:"en";i:{en};s:2:"cs";i:{cs};}}'
            w(f"<wp:term><wp:term_taxonomy><![CDATA[post_translations]]></wp:term_taxonomy>"
              f"<wp:term_slug><![CDATA[pll_{pair}]]></wp:term_slug>"
              f"<wp:term_description><![CDATA[{desc}]]></wp:term_description></wp:term>\n")
        for n in range(images):
            w(f"<item><title>{n}.png</title><wp:post_id>{attachment_base + n}</wp:post_id>"
              f"<wp:status>inherit</wp:status><wp:post_parent>1</wp:post_parent>"
              f"<wp:post_type>attachment</wp:post_type>"
              f"<wp:attachment_url><![CDATA[{image_url(n)}]]></wp:attachment_url></item>\n")
        for i in range(1, posts + 1):
            czech = i % 2 == 0
            words = CS if czech else EN
            language = "cs" if czech else "en"
            title = " ".join(rnd.choice(words) for _ in range(6)).capitalize() + f" {i}"
            paragraphs = ["<p>" + " ".join(rnd.choice(words) for _ in range(60)) + ".</p>" for _ in range(4)]
            if i % 20 == 0 and images:
                paragraphs.insert(2, f'<img src="{image_url(i // 20 % images)}" alt="chart {i}" />')
            year, day = 2015 + i % 10, 1 + i % 28
            w(f"<item><title>{title}</title><link>{SITE}/{year}/{language}/{slug}-{i}/</link>"
              f"<dc:creator><![CDATA[writer]]></dc:creator>"
              f"<content:encoded><![CDATA[{''.join(paragraphs)}]]></content:encoded>"
              f"<excerpt:encoded><![CDATA[]]></excerpt:encoded>"
              f"<wp:post_id>{base + i}</wp:post_id>"
              f"<wp:post_date_gmt><![CDATA[{year}-03-{day:02d} 10:00:00]]></wp:post_date_gmt>"
              f"<wp:post_name><![CDATA[{slug}-{i}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>"
              f"<wp:post_parent>0</wp:post_parent><wp:post_type><![CDATA[post]]></wp:post_type>"
              f'<category domain="category" nicename="c"><![CDATA[{CATEGORIES[i % len(CATEGORIES)]}]]></category>'
              f'<category domain="language" nicename="{language}"><![CDATA[{language}]]></category>')
            if i <= linked:
                w(f'<category domain="post_translations" nicename="pll_{(i - 1) // 2}"><![CDATA[x]]></category>')
            if i % 25 == 0 and images:
                w(f"<wp:postmeta><wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key>"
                  f"<wp:meta_value><![CDATA[{attachment_base + (i // 25 * 7) % images}]]></wp:meta_value></wp:postmeta>")
            w("</item>\n")
        w("</channel>\n</rss>\n")


if __name__ == "__main__":
    main()
