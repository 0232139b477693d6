#!/usr/bin/env bash
# Prisma's CLI insists on a native schema engine it would download; these machines are
# offline and `generate`/`validate`/`format` never run it. Any executable satisfies the check.
exit 1
