#!/usr/bin/env python3
"""SMTP sink of bench/newsletter.sh: a real SMTP server (aiosmtpd) on loopback that counts what it
is given and writes "<count> <seconds since the first message>" to STATE_FILE after each message."""
import asyncio
import os
import sys
import time

from aiosmtpd.controller import Controller


class Counter:
    def __init__(self, state_file):
        self.state_file = state_file
        self.count = 0
        self.first = None

    async def handle_DATA(self, server, session, envelope):
        now = time.monotonic()
        if self.first is None:
            self.first = now
        self.count += 1
        # Replaced whole, so that a reader never sees it half written.
        with open(self.state_file + ".part", "w") as out:
            out.write(f"{self.count} {now - self.first:.3f}\n")
        os.replace(self.state_file + ".part", self.state_file)
        return "250 OK"


def main():
    port, state_file = int(sys.argv[1]), sys.argv[2]
    controller = Controller(Counter(state_file), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        asyncio.get_event_loop().run_until_complete(asyncio.sleep(10**9))
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
