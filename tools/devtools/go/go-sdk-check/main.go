// Command go-sdk-check is a Pulumi Go program written against the generated Go SDK (sdks/go): it
// declares one of each resource and calls each lookup, so that `go build` and `go vet` here prove
// the SDK compiles and is usable as a user writes it; its cloud endpoint's Traffic Policy is built
// from the generated structs (the table's types: a known action's config with nested objects,
// lists of objects and maps, and an action this version does not know as a TrafficPolicyActionArgs). It is built and vetted, never run
// (tests/automation/goProgram.automation.test.ts, after it builds the Go example, which runs a
// program like it: examples/go-automation).
package main

import (
	"github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/sdks/go/ngrokdynamic"
	"github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/sdks/go/ngrokdynamic/config"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

const publicKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl deploy"

func program(ctx *pulumi.Context) error {
	// An explicit provider, configured as stack config would configure the default one.
	provider, err := ngrokdynamic.NewProvider(ctx, "ngrok", &ngrokdynamic.ProviderArgs{
		ApiKey:               pulumi.ToSecret(pulumi.String("example")).(pulumi.StringOutput),
		MaxRequestsPerMinute: pulumi.Int(60),
		OwnershipMarker:      pulumi.Bool(true),
	})
	if err != nil {
		return err
	}
	ca, err := ngrokdynamic.NewSshCertificateAuthority(ctx, "ca", &ngrokdynamic.SshCertificateAuthorityArgs{
		PrivateKeyType: ngrokdynamic.PrivateKeyTypeEcdsa,
		EllipticCurve:  ngrokdynamic.EllipticCurveP384,
		Description:    pulumi.String("user CA"),
	}, pulumi.Provider(provider))
	if err != nil {
		return err
	}
	rsa, err := ngrokdynamic.NewSshCertificateAuthority(ctx, "rsa-ca", &ngrokdynamic.SshCertificateAuthorityArgs{
		PrivateKeyType: ngrokdynamic.PrivateKeyTypeRsa,
		KeySize:        ngrokdynamic.RsaKeySizeBits2048,
	})
	if err != nil {
		return err
	}
	host, err := ngrokdynamic.NewSshHostCertificate(ctx, "host", &ngrokdynamic.SshHostCertificateArgs{
		SshCertificateAuthorityId: ca.ID().ToStringOutput(),
		PublicKey:                 pulumi.String(publicKey),
		Principals:                pulumi.StringArray{pulumi.String("web1.example.com")},
	})
	if err != nil {
		return err
	}
	user, err := ngrokdynamic.NewSshUserCertificate(ctx, "user", &ngrokdynamic.SshUserCertificateArgs{
		SshCertificateAuthorityId: rsa.ID().ToStringOutput(),
		PublicKey:                 pulumi.String(publicKey),
		Principals:                pulumi.StringArray{pulumi.String("deploy")},
		Extensions:                pulumi.StringMap{"permit-pty": pulumi.String("")},
	})
	if err != nil {
		return err
	}
	saml, err := ngrokdynamic.NewHttpsEdgeRouteSaml(ctx, "saml", &ngrokdynamic.HttpsEdgeRouteSamlArgs{
		EdgeId:            pulumi.String("edghts_example"),
		RouteId:           pulumi.String("edghtsrt_example"),
		IdpMetadata:       pulumi.String("<EntityDescriptor/>"),
		AuthorizedGroups:  pulumi.StringArray{pulumi.String("admins")},
		InactivityTimeout: pulumi.Int(3600),
	})
	if err != nil {
		return err
	}

	endpoint, err := ngrokdynamic.NewCloudEndpoint(ctx, "api", &ngrokdynamic.CloudEndpointArgs{
		Url:           pulumi.String("https://api.example.com"),
		TrafficPolicy: trafficPolicy(),
	})
	if err != nil {
		return err
	}

	found, err := ngrokdynamic.LookupSshCertificateAuthority(ctx, &ngrokdynamic.LookupSshCertificateAuthorityArgs{Id: "sshca_example"})
	if err != nil {
		return err
	}
	all, err := ngrokdynamic.GetSshUserCertificates(ctx, &ngrokdynamic.GetSshUserCertificatesArgs{Principal: pulumi.StringRef("deploy")})
	if err != nil {
		return err
	}
	principals := 0
	for _, certificate := range all.SshUserCertificates {
		principals += len(certificate.Principals)
	}
	hosts := ngrokdynamic.GetSshHostCertificatesOutput(ctx, ngrokdynamic.GetSshHostCertificatesOutputArgs{
		SshCertificateAuthorityId: ca.ID().ToStringOutput(),
	})
	route := ngrokdynamic.LookupHttpsEdgeRouteSamlOutput(ctx, ngrokdynamic.LookupHttpsEdgeRouteSamlOutputArgs{
		EdgeId:  saml.EdgeId,
		RouteId: saml.RouteId,
	})

	ctx.Export("apiBaseUrl", pulumi.String(config.GetApiBaseUrl(ctx)))
	ctx.Export("caPublicKey", ca.PublicKey)
	ctx.Export("hostCertificate", host.Certificate)
	ctx.Export("userValidUntil", user.ValidUntil)
	ctx.Export("samlEntityId", saml.EntityId)
	ctx.Export("foundKeyType", pulumi.String(string(found.KeyType)))
	ctx.Export("principals", pulumi.Int(principals))
	ctx.Export("hostCount", hosts.SshHostCertificates().ApplyT(func(items []ngrokdynamic.GetSshHostCertificatesSshHostCertificate) int {
		return len(items)
	}))
	ctx.Export("routeMetadataUrl", route.MetadataUrl())
	ctx.Export("samlSigningCertificates", saml.IdpSigningCertificates)
	ctx.Export("endpointUrl", endpoint.PublicUrl)
	return nil
}

// trafficPolicy is a policy of the generated types: rules of each phase, each action a known
// action's Args (its Type set: Go's generator fills in no default) or a TrafficPolicyActionArgs.
func trafficPolicy() ngrokdynamic.TrafficPolicyArgs {
	return ngrokdynamic.TrafficPolicyArgs{
		OnTcpConnect: ngrokdynamic.TrafficPolicyRuleArray{
			ngrokdynamic.TrafficPolicyRuleArgs{
				Expressions: pulumi.StringArray{pulumi.String("conn.client_ip == '198.51.100.7'")},
				Actions: pulumi.Array{
					ngrokdynamic.CloseConnectionActionArgs{Type: pulumi.String("close-connection")},
				},
			},
			ngrokdynamic.TrafficPolicyRuleArgs{
				Actions: pulumi.Array{
					ngrokdynamic.RestrictIpsActionArgs{
						Type: pulumi.String("restrict-ips"),
						Config: ngrokdynamic.RestrictIpsActionConfigArgs{
							Allow: pulumi.StringArray{pulumi.String("203.0.113.0/24")},
						},
					},
				},
			},
		},
		OnHttpRequest: ngrokdynamic.TrafficPolicyRuleArray{
			ngrokdynamic.TrafficPolicyRuleArgs{
				Name:        pulumi.String("api clients"),
				Expressions: pulumi.StringArray{pulumi.String("req.url.path.startsWith('/api')")},
				Actions: pulumi.Array{
					ngrokdynamic.JwtValidationActionArgs{
						Type: pulumi.String("jwt-validation"),
						Config: ngrokdynamic.JwtValidationActionConfigArgs{
							Issuer: ngrokdynamic.JwtValidationActionConfigIssuerArgs{
								AllowList: ngrokdynamic.JwtValidationActionConfigIssuerAllowListArray{
									ngrokdynamic.JwtValidationActionConfigIssuerAllowListArgs{
										Value: pulumi.String("https://idp.example.com"),
									},
								},
							},
							Http: ngrokdynamic.JwtValidationActionConfigHttpArgs{
								Tokens: ngrokdynamic.JwtValidationActionConfigHttpTokensArray{
									ngrokdynamic.JwtValidationActionConfigHttpTokensArgs{
										Type:   pulumi.String("access_token"),
										Method: pulumi.String("header"),
										Name:   pulumi.String("Authorization"),
										Prefix: pulumi.String("Bearer "),
									},
								},
							},
							Jws: ngrokdynamic.JwtValidationActionConfigJwsArgs{
								AllowedAlgorithms: pulumi.StringArray{pulumi.String("RS256")},
								Keys: ngrokdynamic.JwtValidationActionConfigJwsKeysArray{
									ngrokdynamic.JwtValidationActionConfigJwsKeysArgs{
										Sources: ngrokdynamic.JwtValidationActionConfigJwsKeysSourcesArray{
											ngrokdynamic.JwtValidationActionConfigJwsKeysSourcesArgs{
												AdditionalJkus: pulumi.StringArray{pulumi.String("https://idp.example.com/jwks")},
											},
										},
									},
								},
							},
						},
					},
					ngrokdynamic.HttpRequestActionArgs{
						Type: pulumi.String("http-request"),
						Config: ngrokdynamic.HttpRequestActionConfigArgs{
							Url: pulumi.String("https://audit.example.com/log"),
							QueryParams: ngrokdynamic.HttpRequestActionConfigQueryParamsArray{
								ngrokdynamic.HttpRequestActionConfigQueryParamsArgs{
									Key:   pulumi.String("path"),
									Value: pulumi.String("${req.url.path}"),
								},
							},
							Headers: pulumi.StringMap{"X-Audit-Source": pulumi.String("ngrok")},
						},
					},
				},
			},
			ngrokdynamic.TrafficPolicyRuleArgs{
				Actions: pulumi.Array{
					ngrokdynamic.OpenidConnectActionArgs{
						Type: pulumi.String("openid-connect"),
						Config: ngrokdynamic.OpenidConnectActionConfigArgs{
							IssuerUrl:    pulumi.String("https://idp.example.com"),
							ClientId:     pulumi.String("api"),
							ClientSecret: pulumi.ToSecret(pulumi.String("example")).(pulumi.StringOutput),
							Scopes:       pulumi.StringArray{pulumi.String("openid"), pulumi.String("email")},
						},
					},
					// An action this version does not know: any type, its config untyped.
					ngrokdynamic.TrafficPolicyActionArgs{
						Type:   pulumi.String("geo-fence"),
						Config: pulumi.Map{"allow_countries": pulumi.StringArray{pulumi.String("FR")}},
					},
					ngrokdynamic.ForwardInternalActionArgs{
						Type:   pulumi.String("forward-internal"),
						Config: ngrokdynamic.ForwardInternalActionConfigArgs{Url: pulumi.String("https://api.internal")},
					},
				},
			},
		},
		OnHttpResponse: ngrokdynamic.TrafficPolicyRuleArray{
			ngrokdynamic.TrafficPolicyRuleArgs{
				Actions: pulumi.Array{
					ngrokdynamic.AddHeadersActionArgs{
						Type: pulumi.String("add-headers"),
						Config: ngrokdynamic.AddHeadersActionConfigArgs{
							Headers: pulumi.StringMap{"X-Served-By": pulumi.String("ngrok")},
						},
					},
				},
			},
		},
	}
}

func main() {
	pulumi.Run(program)
}
