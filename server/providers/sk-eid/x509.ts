// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata API: the
// polyfill is loaded before it (the library's README, "Reflect Polyfill Required").
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export { x509 };
