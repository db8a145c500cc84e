#!/bin/bash
# build.sh ROOT VERSION DEB - turns ROOT, a tree made by `make install DESTDIR=ROOT PREFIX=/usr`,
# into the Debian binary package DEB (kiosk_VERSION_ARCH.deb) with dpkg-deb, and prints its path.
#
# No debian/ source directory and no debhelper: the tree is already what the package installs, so
# this adds only what a binary package needs on top of it: a stripped binary, the copyright and
# changelog, the manual page and the docs, and DEBIAN/ (a control file with Depends from dpkg-shlibdeps,
# the conffiles, the maintainer scripts of this folder, md5sums).
# Environment: DEB_EXTRA_DEPENDS (packages the kiosk uses without linking them), SOURCE_DATE_EPOCH.
set -euo pipefail
root=$(realpath "$1") version=$2 deb=$3
here=$(dirname "$(realpath "$0")")
repo=$(realpath "$here/../..")
arch=$(dpkg --print-architecture)
[ -n "$version" ] || { echo "build.sh: no version (the Makefile reads it from kioskVersion in Sources/KioskRuntime/Service/KioskVersion.swift)" >&2; exit 1; }
[ -x "$root/usr/bin/kiosk" ] || { echo "build.sh: no $root/usr/bin/kiosk (make install DESTDIR=$root PREFIX=/usr first)" >&2; exit 1; }
# The changelog's date, and so the package, depend on the sources only.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)}

# Symbols and debug info are most of the binary's size; the Swift metadata it runs on is kept
# (sections, not symbols). The same flags as dh_strip.
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$root/usr/bin/kiosk"

doc=$root/usr/share/doc/kiosk
install -D -m 644 "$here/copyright" "$doc/copyright"
{
  printf 'kiosk (%s) stable; urgency=medium\n\n' "$version"
  printf '  * KioskKit %s. The changes are in the source repository'"'"'s history.\n\n' "$version"
  printf ' -- %s  %s\n' "$(sed -n 's/^Maintainer: //p' "$here/control.in")" \
    "$(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"
# On the board, without the sources: the README (installation, the service, the control socket),
# the configuration reference, and the manual page.
for file in "$repo/README.md" "$repo/docs/config.md"; do
  gzip -9n < "$file" > "$doc/$(basename "$file").gz"
done
install -d "$root/usr/share/man/man1"
gzip -9n < "$here/kiosk.1" > "$root/usr/share/man/man1/kiosk.1.gz"
chmod 644 "$doc"/*.gz "$root/usr/share/man/man1/kiosk.1.gz"

# DEBIAN/. dpkg-shlibdeps wants to run where a debian/control names the package being built.
control=$root/DEBIAN
rm -rf "$control"
install -d -m 755 "$control"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/debian"
printf 'Source: kiosk\n\nPackage: kiosk\nArchitecture: any\n' > "$scratch/debian/control"
shlibs=$(cd "$scratch" && dpkg-shlibdeps -O "$root/usr/bin/kiosk" | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "build.sh: dpkg-shlibdeps found no libraries in usr/bin/kiosk" >&2; exit 1; }
depends=$shlibs${DEB_EXTRA_DEPENDS:+, $DEB_EXTRA_DEPENDS}
installed_size=$(du -k -s --apparent-size --exclude=DEBIAN "$root" | cut -f1)
sed -e "s|@VERSION@|$version|; s|@ARCH@|$arch|; s|@DEPENDS@|$depends|; s|@INSTALLED_SIZE@|$installed_size|" \
  "$here/control.in" > "$control/control"
# Every file under /etc is the administrator's once installed: dpkg keeps their edits on upgrade
# and removes them only on purge.
(cd "$root" && find etc -type f | sort | sed 's|^|/|') > "$control/conffiles"
for script in postinst prerm postrm; do install -m 755 "$here/$script" "$control/$script"; done
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) > "$control/md5sums"
chmod 644 "$control"/control "$control"/conffiles "$control"/md5sums

# Whatever the builder's umask was.
find "$root" -type d -exec chmod 755 {} +

mkdir -p "$(dirname "$deb")"
# Files are root's on the board whoever builds the package.
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" > /dev/null
echo "$deb"
