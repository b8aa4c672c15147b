package org.leaderboard.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A node's TLS key and a client's truststore, made at test time with the JDK's keytool: a
 * self-signed certificate for 127.0.0.1/localhost in {@code node.p12}, and that certificate alone
 * in {@code truststore.p12} (both PKCS#12, one password).
 */
record Keystores(Path keystore, Path truststore, String password) {

    static Keystores generate(Path directory, String password) {
        Path keystore = directory.resolve("node.p12");
        Path certificate = directory.resolve("node.crt");
        Path truststore = directory.resolve("truststore.p12");
        keytool(
                "-genkeypair",
                "-alias",
                "cassandra",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-validity",
                "2",
                "-dname",
                "CN=127.0.0.1",
                "-ext",
                "SAN=ip:127.0.0.1,dns:localhost",
                "-keystore",
                keystore.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                password,
                "-keypass",
                password);
        keytool(
                "-exportcert",
                "-alias",
                "cassandra",
                "-keystore",
                keystore.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                password,
                "-file",
                certificate.toString());
        keytool(
                "-importcert",
                "-noprompt",
                "-alias",
                "cassandra",
                "-file",
                certificate.toString(),
                "-keystore",
                truststore.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                password);
        return new Keystores(keystore, truststore, password);
    }

    private static void keytool(String... arguments) {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("keytool " + arguments[0] + " failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
