import Foundation

/// The web app's files as served: each address with its body, media type,
/// strong ETag and cache rule.
///
/// Three files keep a fixed address and are revalidated on every use
/// (`Cache-Control: no-cache`): `/` (index.html), `/sw.js` (a service worker
/// must keep its address) and `/manifest.webmanifest`. Every other file lives
/// under `/assets/<version>/`, where the version is a digest of all the
/// files: any change to any file is a new address, so those answers are
/// cached for a year as immutable. One digest for the whole set, rather than
/// one per file, leaves the modules' relative imports (`./api.js`) as written.
/// The fixed files name the assets through `__ASSETS__` (the versioned
/// prefix) and `__ASSET_LIST__` (a JSON array of every asset address, for
/// the service worker's cache).
struct WebApp: Sendable {
    /// One file ready to answer.
    struct File: Sendable {
        var body: Data
        var contentType: String
        var etag: String
        var immutable: Bool
        /// The body gzip-compressed, for a text file it makes smaller;
        /// sent with its own ETag (`gzipETag`) to a browser that accepts it.
        var gzipped: Data? = nil
        var gzipETag: String = ""
    }

    /// The versioned prefix of the assets: `/assets/0123456789abcdef`.
    let assetPrefix: String
    private let files: [String: File]

    /// The app embedded in this build.
    static let embedded = WebApp(
        sources: WebAppFiles.all.map { ($0.path, Data(base64Encoded: $0.base64) ?? Data()) })

    /// The files of `sources` (paths relative to the Web directory).
    init(sources: [(path: String, content: Data)]) {
        let fixed: Set<String> = ["index.html", "sw.js", "manifest.webmanifest"]
        var digestInput = Data()
        for source in sources.sorted(by: { $0.path < $1.path }) {
            digestInput.append(contentsOf: Array(source.path.utf8) + [0])
            digestInput.append(source.content)
            digestInput.append(0)
        }
        let version = String(SHA256.hex(SHA256.digest(digestInput)).prefix(16))
        let prefix = "/assets/\(version)"
        let assets = sources.filter { !fixed.contains($0.path) }.map { "\(prefix)/\($0.path)" }
        let list =
            "[" + assets.sorted().map { "\"\($0)\"" }.joined(separator: ",") + "]"
        var files: [String: File] = [:]
        for source in sources {
            if fixed.contains(source.path) {
                let text = String(decoding: source.content, as: UTF8.self)
                    .replacingOccurrences(of: "__ASSET_LIST__", with: list)
                    .replacingOccurrences(of: "__ASSETS__", with: prefix)
                let address = source.path == "index.html" ? "/" : "/\(source.path)"
                files[address] = File(body: Data(text.utf8), path: source.path, immutable: false)
            } else {
                files["\(prefix)/\(source.path)"] = File(
                    body: source.content, path: source.path, immutable: true)
            }
        }
        self.assetPrefix = prefix
        self.files = files
    }

    /// The file at `path`; `/index.html` is `/`.
    func file(at path: String) -> File? {
        files[path == "/index.html" ? "/" : path]
    }

    /// Every address served, for tests and the first-load budget.
    var addresses: [String] { files.keys.sorted() }

    /// The headers every web answer carries: a policy that allows only this
    /// origin's own script, style and connections (no inline script, no
    /// plug-ins, no framing), no sniffing, no referrer.
    static let securityHeaders: [(name: String, value: String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                + "connect-src 'self'; object-src 'none'; base-uri 'none'; "
                + "frame-ancestors 'none'; form-action 'self'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// The media type of a file, from its name's extension.
    static func contentType(of path: String) -> String {
        switch path.split(separator: ".").last.map(String.init) ?? "" {
        case "html": return "text/html; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "webmanifest": return "application/manifest+json"
        case "json": return "application/json; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}

extension WebApp.File {
    /// A file whose ETag is the digest of its body (strong: the bytes are
    /// that), with its gzip form when it is text that compresses: the
    /// other representation has another strong ETag (RFC 9110 §8.8.3).
    init(body: Data, path: String, immutable: Bool) {
        let digest = String(SHA256.hex(SHA256.digest(body)).prefix(32))
        let contentType = WebApp.contentType(of: path)
        self.init(
            body: body, contentType: contentType, etag: "\"" + digest + "\"",
            immutable: immutable)
        let compressible = !contentType.hasPrefix("image/") || contentType == "image/svg+xml"
        if compressible, let compressed = GzipEncoding.compress(body),
            compressed.count < body.count
        {
            gzipped = compressed
            gzipETag = "\"" + digest + "-gzip\""
        }
    }

    /// The bytes on the wire for a request whose `Accept-Encoding` is
    /// `acceptEncoding`: the gzip form when there is one and it is accepted.
    func representation(acceptEncoding: String?) -> (body: Data, etag: String, gzip: Bool) {
        if let gzipped, GzipEncoding.accepts(acceptEncoding) {
            return (gzipped, gzipETag, true)
        }
        return (body, etag, false)
    }
}
