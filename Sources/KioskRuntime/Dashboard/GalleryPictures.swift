import FoundationEssentials
import Glibc
import KioskGraphics

/// The pictures the gallery shows, carried in the binary so that `kiosk snapshot --gallery` works
/// from any directory: a 64×48 JPEG photo and a 48×48 SVG badge (the same as the test fixtures in
/// Tests/Fixtures/Images).
enum GalleryPictures {
    static var photo: ImageContent? {
        decode(Array(Data(base64Encoded: photoBase64, options: .ignoreUnknownCharacters) ?? Data()), name: "photo.jpg")
    }

    static var badge: ImageContent? {
        decode(Array(badgeSVG.utf8), name: "badge.svg")
    }

    private static func decode(_ bytes: [UInt8], name: String) -> ImageContent? {
        try? ImageFileCache.decode(bytes, name: name)
    }

    private static let photoBase64 = """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8Q
        EBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ
        EBAQEBAQEBD/wAARCAAwAEADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF
        BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW
        V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi
        4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC
        AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm
        Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq
        8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDgd9G+ot3vRu96/H+U/tL2pLvo31Fu96N3vRyh7U6nzaPNqr5h9aPMPrXtch/k57MtebR5
        tVfMPrR5h9aOQPZnNbvrRu+tcTk0ZNftP/EDV/0H/wDlL/7of2b/AMR9f/Qv/wDKv/3I7bd9aN31ricmjJo/4gav+g//AMpf/dA/
        4j6/+hf/AOVf/uR6h5lHmV9U+cfSjzj6V/LP+v7/AOgb/wAn/wDtD8p/4g4v+g3/AMp//dD5W8yjzK+qfOPpR5x9KP8AX9/9A3/k
        /wD9oH/EHF/0G/8AlP8A+6HwJu9qN3tTcj1oyPWv9F/anx47d7Ubvam5HrRketHtQPu3zz60eefWqHnj1o88etf5X+yP6buX/PPr
        R559aoeePWjzx60eyC5//9k=
        """

    private static let badgeSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
          <rect x="2" y="2" width="44" height="44" rx="10" fill="#1e88e5"/>
          <circle cx="24" cy="20" r="9" fill="#ffffff"/>
          <path d="M10 42 C12 32 36 32 38 42 Z" fill="#ffca28"/>
          <path d="M6 6 L18 6 L6 18 Z" fill="#e53935"/>
        </svg>
        """
}
