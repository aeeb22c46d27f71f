// Tests that call the core directly run it as the library does on Node: with the Node host installed.
import { installNodeHost } from '../../src/host/node-host.js';

installNodeHost();
