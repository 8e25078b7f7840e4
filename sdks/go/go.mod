module github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/sdks/go

go 1.26.6

require github.com/pulumi/pulumi/sdk/v3 v3.274.0
