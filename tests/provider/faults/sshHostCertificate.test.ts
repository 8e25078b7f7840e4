/**
 * Every lifecycle step of SshHostCertificate under every kind of fault the emulator injects (a 429
 * with Retry-After, a 503, a 500, a connection dropped before or after the handler ran, an
 * answer slower than the request timeout). The provider methods are called as the
 * dynamic-provider host calls them, with what the engine would record kept in a small model of
 * the state. After each step: it completed, or it failed with a message that names the request
 * and the cause; and the emulator holds exactly the objects that state says exist, with the
 * values state says they have (no duplicate, no orphan, nothing lost).
 */
import { sshHostCertificateProvider } from "../../../provider";
import { describeCertificateFaults } from "./certificateFaults";
import { useFaultyEmulator } from "./faultCases";

useFaultyEmulator();
describeCertificateFaults("SshHostCertificate", sshHostCertificateProvider, "sshHostCertificates");
