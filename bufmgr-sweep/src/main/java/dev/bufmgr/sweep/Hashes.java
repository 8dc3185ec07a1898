package dev.bufmgr.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 of text and of a file's bytes, for configuration ids, task keys and sweep ids. */
final class Hashes {
  private Hashes() {}

  /** The SHA-256 of {@code text}'s UTF-8 bytes. */
  static byte[] sha256(String text) {
    return digest().digest(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The SHA-256 of everything {@code in} holds (read to its end, not closed). */
  static byte[] sha256(InputStream in) throws IOException {
    MessageDigest d = digest();
    byte[] buf = new byte[1 << 20];
    for (int n; (n = in.read(buf)) > 0; ) d.update(buf, 0, n);
    return d.digest();
  }

  /** The SHA-256 of the file's bytes. */
  static byte[] sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return sha256(in);
    }
  }

  /** The first {@code chars} hexadecimal digits of {@code bytes}. */
  static String hex(byte[] bytes, int chars) {
    return HexFormat.of().formatHex(bytes).substring(0, chars);
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
