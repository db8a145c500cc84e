import KioskUI
