// Pulumi dynamic resource providers for ngrok's API (SSH certificate authorities, HTTPS edge route SAML modules) and a local emulator of that API
package ngrokdynamic
