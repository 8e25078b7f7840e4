// The TypeScript program of the real-CLI suite of CertificateAuthority and TlsCertificate, the
// same resources as the suite's YAML program, with a reserved domain served by the certificate.
// The private key comes from plain (not secret) config: the class must register it as a secret
// all the same. The lookup reads the certificate back once it exists.
import * as pulumi from "@pulumi/pulumi";
import {
  CertificateAuthority,
  getTlsCertificateOutput,
  ReservedDomain,
  TlsCertificate,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

const clientCa = new CertificateAuthority("client-ca", {
  caPem: config.require("caPem"),
  description: "Client certificates for mutual TLS",
});
const cert = new TlsCertificate("app-cert", {
  certificatePem: config.require("certificatePem"),
  privateKeyPem: config.require("privateKeyPem"),
  description: "app.example.com",
});
new ReservedDomain("app", { domain: "app.example.com", certificateId: cert.id });

export const caSubject = clientCa.subjectCommonName;
export const privateKeyPem = cert.privateKeyPem;
export const lookedUpSubject = getTlsCertificateOutput({ id: cert.id }).subjectCommonName;
