import CDeferredLibraries
import CTurboJPEG

/// A TurboJPEG decompressor, freed with its owner. The TurboJPEG API returns errors instead of
/// calling libjpeg's default `error_exit`, which ends the process on a corrupt file.
final class JPEGDecoder {
    private let handle: tjhandle

    init() throws(SurfaceError) {
        if let failure = kiosk_library_load(KIOSK_LIBRARY_TURBOJPEG) {
            throw SurfaceError(description: "cannot start the JPEG decoder: libturbojpeg cannot be opened: \(String(cString: failure))")
        }
        guard let handle = tjInitDecompress() else {
            throw SurfaceError(description: "cannot start the JPEG decoder")
        }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    /// The width and height the JPEG header declares.
    func dimensions(of bytes: [UInt8], name: String) throws(SurfaceError) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else { throw failure(name) }
        return (Int(width), Int(height))
    }

    /// Decodes to an opaque surface, after checking the declared size against `ImageLimits`.
    func decode(_ bytes: [UInt8], name: String) throws(SurfaceError) -> Surface {
        let (width, height) = try dimensions(of: bytes, name: name)
        try ImageLimits.check(width: width, height: height, name: name)
        let surface = Surface(width: width, height: height, format: .xrgb8888)
        guard surface.width == width, surface.height == height else {
            throw SurfaceError(description: "cannot read JPEG \(name): no memory for \(width)×\(height) pixels")
        }
        // cairo's RGB24 is 0x00RRGGBB in native (little-endian) words: bytes B, G, R, X.
        let status = bytes.withUnsafeBufferPointer { buffer in
            tjDecompress2(handle, buffer.baseAddress, UInt(buffer.count), surface.pixels.assumingMemoryBound(to: UInt8.self),
                          Int32(width), Int32(surface.stride), Int32(height), Int32(TJPF_BGRX.rawValue), TJFLAG_ACCURATEDCT)
        }
        surface.markDirty()
        guard status == 0 else { throw failure(name) }
        return surface
    }

    private func failure(_ name: String) -> SurfaceError {
        SurfaceError(description: "cannot read JPEG \(name): \(String(cString: tjGetErrorStr2(handle)))")
    }
}
