package dev.bufmgr.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a standalone master before a session is made. Spark's standalone client retries an
 * unreachable master three times, 20 seconds apart (StandaloneAppClient's
 * REGISTRATION_TIMEOUT_SECONDS and REGISTRATION_RETRIES, fixed in the code), and then hands back
 * a stopped context: a minute and more before a user learns the URL was wrong. A TCP connection
 * to each host:port of a {@code spark://} URL answers in a few seconds at most.
 */
final class SparkMasters {
  /** How long a connection to a master may take before it counts as unreachable. */
  static final int CONNECT_TIMEOUT_MS = 3000;

  private SparkMasters() {}

  /**
   * Returns when {@code master} is not a standalone URL or one of its masters accepts a connection.
   *
   * @throws IllegalArgumentException naming the URL and why no master answers
   */
  static void check(String master) {
    if (!master.startsWith("spark://")) return;
    List<String> reasons = new ArrayList<>();
    for (String hostPort : master.substring("spark://".length()).split(",")) {
      int colon = hostPort.lastIndexOf(':');
      int port;
      try {
        port = Integer.parseInt(hostPort.substring(colon + 1));
      } catch (NumberFormatException | IndexOutOfBoundsException e) {
        throw new IllegalArgumentException("--master " + master + ": '" + hostPort + "' is not HOST:PORT");
      }
      if (colon <= 0 || port < 1 || port > 65535) {
        throw new IllegalArgumentException("--master " + master + ": '" + hostPort + "' is not HOST:PORT");
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(hostPort.substring(0, colon), port), CONNECT_TIMEOUT_MS);
        return;
      } catch (IOException e) {
        reasons.add(hostPort + " (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
      }
    }
    throw new IllegalArgumentException("--master " + master + ": no Spark master answers at " + String.join(", ", reasons));
  }
}
