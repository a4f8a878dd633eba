import sys

from tools.board import main

sys.exit(main())
