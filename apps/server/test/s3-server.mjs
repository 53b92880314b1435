// Runs s3rver in its own process for the tests. Node needs --openssl-legacy-provider for it:
// s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in that provider.
// Prints {"port":N} once listening; exits when its parent closes stdin (or dies).
import S3rver from 's3rver';

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.env.S3RVER_DIRECTORY,
  vhostBuckets: false,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
});

server.run().then(
  (address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\n'),
  (err) => {
    process.stderr.write(String(err && err.stack ? err.stack : err) + '\n');
    process.exit(1);
  },
);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
