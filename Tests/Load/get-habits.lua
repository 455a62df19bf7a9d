-- wrk script: reports errors in one line at the end (headers come from -H).
function done(summary, latency, requests)
    io.write(string.format(
        "non-2xx or socket errors: %d status, %d connect, %d read, %d write, %d timeout\n",
        summary.errors.status, summary.errors.connect, summary.errors.read,
        summary.errors.write, summary.errors.timeout))
end
