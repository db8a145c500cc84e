/// KioskKit's version. The start-up summary shows it, and `make deb` gives it to the Debian package:
/// the Makefile reads the literal on the line below, which makes this the one place to change it.
public nonisolated let kioskVersion = "0.1.0"
