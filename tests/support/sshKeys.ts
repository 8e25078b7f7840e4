/**
 * OpenSSH public keys for the SSH certificate tests, made once with `ssh-keygen` (comment
 * `test@example`); no private key of them is kept anywhere. `RSA_768` was made with node's crypto
 * (ssh-keygen refuses keys that small) and converted with sshpk.
 */

/** An Ed25519 key. */
export const ED25519 =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG9GMKWUfzeegRKMxWDiLkvS+NC1BdUTsU1fLYAYCmJT test@example";

/** An ECDSA key on nistp256. */
export const ECDSA_P256 =
  "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBC0mvLaBxTO9+ZsZN+V+2xeQwplffKCbP4jE1889r2V9Ue3LM6qkZtsVQbGwt18n3jomPNjSMTXhmbwm4FeIqpw= test@example";

/** An ECDSA key on nistp384. */
export const ECDSA_P384 =
  "ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBKmrMX3apESbgLagyu6G65taxowOHBPd9q10d39rcn8sMvr/cuCBLiD1uMXZTb/+J+zPgt9phAc7e6WSsbAb9qGaKQQeVTL6B38X4j7Oy/qKMyxHLtflfRzll5YtSw2ekA== test@example";

/** An ECDSA key on nistp521. */
export const ECDSA_P521 =
  "ecdsa-sha2-nistp521 AAAAE2VjZHNhLXNoYTItbmlzdHA1MjEAAAAIbmlzdHA1MjEAAACFBAHTPw5r1TX10KD0e9HOb8PWoWreFkG2siH+aoNpO0yX7P8COP6bN6shCnSwK5NmUiEWA0GtoomV+GQtNK4s/h3CFwEjA6IeQfiUWAsUtL4Z/cyCSzznLw8ItpyWYp+qZp/Fn/2FPorcEjNyLWJwxW68fwRw+PQ2lJR7Wx1P0kURRZIgMQ== test@example";

/** An RSA key of 2048 bits. */
export const RSA_2048 =
  "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCvxmz7t5156sBngeXkR5MMIMNdge9LErgldKQf44/1ZOhp17tnwoimr2T53dqWOxKXNJyrP6Hbjytdp2nnfSnpG0D67cTzASGPBH0F7bmLytNPV9xetN1DBnluh16PAG1Xu/8cAHYOf6un+0qbdKgN5r1vWhq2Dfoyv0PrjqDehkVIUDYTJJEbUZd93823jX/gLdWT+25dVqeqBkAddwz6Cp3d+3MAtJgPHIR/gzPNVrVBYX/rkhV0BRPV60v2+D3qlAZ9CNPFa20jCIUD/LVonasd7wj28ajzJ2bf0i/iyZ+pW4JOaODa10cTXF3MVLgPy1Mc9NQ64Hq4/SN2pUE1 test@example";

/** An RSA key of 1024 bits, the smallest OpenSSH accepts. */
export const RSA_1024 =
  "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDcVhO/NnO0TmA5wkTzL8ShbrwigJx0haNNRO8xtEHVSBd34Thgw1MxW+vvx9uffcdH9+fWUhXsDrfqvPR+3++rwJFQDbv05oLFvVuin+quAAXeYHX1J8gim7F6+StX+19ycAitZnrNZ93gnu9znFAt+qLO+l+jQU5i3gD+9fJ3ZQ== test@example";

/** A DSA key of 1024 bits (ngrok does not certify DSA). */
export const DSA_1024 =
  "ssh-dss AAAAB3NzaC1kc3MAAACBAI9sNZLZoP9Nk6j9vn2luGF70/bT/C64J9u+/E6p1XywMCxhZuK9FH5pAwUNAzv0mQTQsYlq2xQfk02f0WDfvgQO7qhtjhDpq6MOsfRwP21NbQnMqmXsIOhzOtIwzzc7L3RHBtktIR7ZDc/ES2fxNWYKwblXoV8oqYxLj+sP3ZanAAAAFQC7NjqalzonjRDF+rHbSiYoW41oXQAAAIBr5EDYTwW8u+BQ0HRUNiqLsh+kMzAQQhrFgRyAvRD3PpNV0fo05qNjWUQeFU6ti5eSniYdQ9AbrWWf/lQEuQkLKzS+kftOx4pDnaGGB1q74u8QKRIbWBd1spmcyuSqLn4VFBW1dTHkd1ZkGug6/Vj+U4BLnEqos0RmqRmwc+FpgQAAAIByoJ4+hgrzklLtJPsa82HUVXWbs3e55+vvh5MFUIhf2QKug0Bx2oq2nlIAfjNupeYxh8097r5Vswp6oaZMctyFeaOkhtxGuZ7/5fIoTP9TEd7RHlQmgKmMwer+lqut5urmqLLDoITeeQlXaS+2+QA5wuSe3VjoMdhMf1caOZQIuw== test@example";

/** An OpenSSH user certificate of {@link ED25519} (not a public key). */
export const ED25519_CERT =
  "ssh-ed25519-cert-v01@openssh.com AAAAIHNzaC1lZDI1NTE5LWNlcnQtdjAxQG9wZW5zc2guY29tAAAAIDuv8f+4HBs20YvdEbpby9QyzGZ6uP/zCIZEas7xnwm8AAAAIG9GMKWUfzeegRKMxWDiLkvS+NC1BdUTsU1fLYAYCmJTAAAAAAAAAAAAAAABAAAABHRlc3QAAAAFAAAAAWEAAAAAAAAAAP//////////AAAAAAAAAIIAAAAVcGVybWl0LVgxMS1mb3J3YXJkaW5nAAAAAAAAABdwZXJtaXQtYWdlbnQtZm9yd2FyZGluZwAAAAAAAAAWcGVybWl0LXBvcnQtZm9yd2FyZGluZwAAAAAAAAAKcGVybWl0LXB0eQAAAAAAAAAOcGVybWl0LXVzZXItcmMAAAAAAAAAAAAAADMAAAALc3NoLWVkMjU1MTkAAAAglCLS8zVlTiZmMPlA9us3+JkFLj5xdep5+LkGo2zU5osAAABTAAAAC3NzaC1lZDI1NTE5AAAAQJ97QO8mnzZLpeiEK8a+h/eCwb+lyaKS36Bn1G82k+chh1/IGTFwAL52FHDTr9PUDjD00VfcvAjk2mlwxuPihQg= test@example";

/** An RSA key of 768 bits, under OpenSSH's minimum. */
export const RSA_768 =
  "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAYQDs9SRtPfRYKgDUqwrQmrDn2pFFwWnSB1/QfIDmVLXO145T06AmfVv/DqB2ZW1xkUvU5V5JIylab6HwmCAOvLRI2HrmTZ7ztigckIwPOY4HnESwheokFgT46xwk+DZV++c= short@example";

/** The same 768-bit key in PEM (SubjectPublicKeyInfo). */
export const RSA_768_PEM = [
  "-----BEGIN PUBLIC KEY-----",
  "MHwwDQYJKoZIhvcNAQEBBQADawAwaAJhAOz1JG099FgqANSrCtCasOfakUXBadIH",
  "X9B8gOZUtc7XjlPToCZ9W/8OoHZlbXGRS9TlXkkjKVpvofCYIA68tEjYeuZNnvO2",
  "KByQjA85jgecRLCF6iQWBPjrHCT4NlX75wIDAQAB",
  "-----END PUBLIC KEY-----",
].join("\n");

/** The shape of an OpenSSH private key file, with a body that is no key. */
export const FAKE_PRIVATE_KEY = [
  "-----BEGIN OPENSSH PRIVATE KEY-----",
  "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
  "-----END OPENSSH PRIVATE KEY-----",
].join("\n");
