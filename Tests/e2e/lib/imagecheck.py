#!/usr/bin/python3
"""imagecheck.py - checks screendumps on the host.

  imagecheck.py compare ACTUAL.png REFERENCE.png [--tolerance N] [--diff DIFF.png]
      Same size, and every channel of every pixel within N (default 8) of the reference. On a
      mismatch, writes DIFF.png (default ACTUAL-diff.png): matching pixels dimmed to grey, mismatching
      ones in red, and prints how many differ and the bounding box.
  imagecheck.py pixels IMAGE.png X,Y=#RRGGBB ... [--tolerance N]
      The pixel at each (X, Y) has that colour (within N per channel); X and Y may be negative,
      counting from the right or bottom edge.
  imagecheck.py not-pixels IMAGE.png X,Y=#RRGGBB ... [--tolerance N]
      None of those pixels has that colour.
Exit status 0 when the check holds, 1 when not, 2 on bad usage."""
import argparse
import sys

from PIL import Image, ImageChops


def load(path):
    return Image.open(path).convert('RGB')


def compare(arguments):
    actual, reference = load(arguments.images[0]), load(arguments.images[1])
    if actual.size != reference.size:
        print(f'size differs: {arguments.images[0]} is {actual.size[0]}x{actual.size[1]}, '
              f'{arguments.images[1]} is {reference.size[0]}x{reference.size[1]}')
        return 1
    difference = ImageChops.difference(actual, reference)
    # A pixel mismatches when any channel is off by more than the tolerance.
    channels = [band.point(lambda value: 255 if value > arguments.tolerance else 0) for band in difference.split()]
    mask = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    box = mask.getbbox()
    if box is None:
        print(f'{arguments.images[0]} matches {arguments.images[1]} (tolerance {arguments.tolerance})')
        return 0
    count = sum(1 for value in mask.getdata() if value)
    diff_path = arguments.diff or arguments.images[0].rsplit('.', 1)[0] + '-diff.png'
    grey = Image.eval(actual.convert('L'), lambda value: value // 3).convert('RGB')
    grey.paste(Image.new('RGB', actual.size, (255, 0, 0)), mask=mask)
    grey.save(diff_path)
    print(f'{arguments.images[0]} differs from {arguments.images[1]}: {count} pixels beyond tolerance '
          f'{arguments.tolerance}, within box {box}; diff image {diff_path}')
    return 1


def parse_probe(text, size):
    try:
        position, colour = text.split('=')
        x, y = (int(value) for value in position.split(','))
        colour = colour.lstrip('#')
        rgb = tuple(int(colour[index:index + 2], 16) for index in (0, 2, 4))
    except ValueError:
        sys.exit(f'imagecheck: cannot read probe {text!r}; expected X,Y=#RRGGBB')
    return (x % size[0], y % size[1]), rgb


def pixels(arguments, expect_match):
    image = load(arguments.images[0])
    failures = 0
    for probe in arguments.images[1:]:
        (x, y), wanted = parse_probe(probe, image.size)
        found = image.getpixel((x, y))
        close = all(abs(a - b) <= arguments.tolerance for a, b in zip(found, wanted))
        ok = close == expect_match
        failures += not ok
        verdict = 'ok' if ok else 'WRONG'
        relation = 'is' if expect_match else 'is not'
        print(f'{verdict}: ({x},{y}) {relation} #{"%02x%02x%02x" % wanted}: found #{"%02x%02x%02x" % found}')
    return 1 if failures else 0


def parse(argv):
    """Hand-rolled because probes such as -10,10=#ffffff look like options to argparse."""
    options = {'tolerance': 8, 'diff': None}
    positional = []
    words = iter(argv)
    for word in words:
        if word in ('--tolerance', '--diff'):
            value = next(words, None)
            if value is None:
                usage(word + ' needs a value')
            options[word[2:]] = int(value) if word == '--tolerance' else value
        elif word in ('-h', '--help'):
            print(__doc__)
            sys.exit(0)
        else:
            positional.append(word)
    if not positional or positional[0] not in ('compare', 'pixels', 'not-pixels'):
        usage('the first argument is compare, pixels or not-pixels')
    return argparse.Namespace(command=positional[0], images=positional[1:], **options)


def usage(message):
    print(f'imagecheck: {message}\n{__doc__}', file=sys.stderr)
    sys.exit(2)


def main():
    arguments = parse(sys.argv[1:])
    if arguments.command == 'compare':
        if len(arguments.images) != 2:
            usage('compare takes ACTUAL and REFERENCE')
        return compare(arguments)
    if len(arguments.images) < 2:
        usage(arguments.command + ' takes an image and at least one X,Y=#RRGGBB probe')
    return pixels(arguments, arguments.command == 'pixels')


sys.exit(main())
