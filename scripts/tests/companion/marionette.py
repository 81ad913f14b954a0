"""Drives a running Firefox through Marionette for tests/companion/browsers.rs.

marionette.py PORT install DIR   installs the add-on in DIR as a temporary one
marionette.py PORT navigate URL  opens URL in the browser's tab

With the PyPI package marionette_driver (Addons.install(path, temp=True),
Marionette.navigate): the browser itself is started, and stopped, by the test.
"""

import sys

from marionette_driver.addons import Addons
from marionette_driver.marionette import Marionette


def main():
    port, what, argument = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    client = Marionette(host="127.0.0.1", port=port)
    client.start_session()
    if what == "install":
        print(Addons(client).install(argument, temp=True))
    elif what == "navigate":
        client.navigate(argument)
    else:
        sys.exit(f"marionette.py: no command {what!r}")
    client.delete_session()


if __name__ == "__main__":
    main()
