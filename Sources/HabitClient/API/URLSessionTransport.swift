// Linux uses SocketTransport: FoundationNetworking would load libcurl on
// every run and create URL cache and cookie directories.
#if !os(Linux)
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Sends requests with URLSession (FoundationNetworking on Linux).
    ///
    /// The session is ephemeral: no cookies, no cache, no credentials kept between
    /// requests. Redirects are not followed, so a bearer token never travels to a
    /// place the client did not choose; a 3xx comes back as an unexpected response.
    /// Network failures become `APIError`: refused, unknown host or no network →
    /// `.unreachable` (the request never left); a connection that broke or an
    /// answer that is not HTTP → `.connectionLost` (it may have arrived); no
    /// answer in time → `.timeout`.
    package final class URLSessionTransport: HTTPTransport {
        private let session: URLSession

        /// - Parameters:
        ///   - requestTimeout: the longest wait for the next bytes of a response.
        ///   - resourceTimeout: the longest a whole request may take.
        package init(requestTimeout: TimeInterval = 15, resourceTimeout: TimeInterval = 60) {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.httpCookieAcceptPolicy = .never
            configuration.urlCache = nil
            configuration.urlCredentialStorage = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.timeoutIntervalForRequest = requestTimeout
            configuration.timeoutIntervalForResource = resourceTimeout
            session = URLSession(
                configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
        }

        deinit {
            // A session keeps its delegate alive until it is invalidated.
            session.finishTasksAndInvalidate()
        }

        package func send(_ request: TransportRequest) async throws -> TransportResponse {
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method.rawValue
            urlRequest.httpShouldHandleCookies = false
            for (name, value) in request.headers {
                urlRequest.setValue(value, forHTTPHeaderField: name)
            }
            urlRequest.httpBody = request.body
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await session.data(for: urlRequest)
            } catch let error as URLError {
                throw Self.apiError(for: error, host: request.hostDescription)
            } catch is CancellationError {
                throw APIError.cancelled
            } catch {
                throw APIError.connectionLost(host: request.hostDescription)
            }
            guard let http = response as? HTTPURLResponse else {
                throw APIError.connectionLost(host: request.hostDescription)
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String {
                    headers[name.lowercased()] = value
                }
            }
            return TransportResponse(status: http.statusCode, headers: headers, body: data)
        }

        /// The `APIError` for a URLSession failure reaching `host`.
        static func apiError(for error: URLError, host: String) -> APIError {
            switch error.code {
            case .timedOut:
                return .timeout(host: host)
            case .cancelled:
                return .cancelled
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
                .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot,
                .clientCertificateRejected, .clientCertificateRequired:
                return .secureConnectionFailed(host: host)
            case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
                .unsupportedURL, .badURL:
                // The request never left this machine.
                return .unreachable(host: host)
            default:
                // networkConnectionLost, badServerResponse (a reset, an answer
                // that is not HTTP), zeroByteResource and the rest: the request
                // may have reached the server.
                return .connectionLost(host: host)
            }
        }
    }

    /// Answers every redirect with "do not follow".
    private final class RedirectRefusal: NSObject, URLSessionTaskDelegate {
        func urlSession(
            _ session: URLSession, task: URLSessionTask,
            willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
#endif
