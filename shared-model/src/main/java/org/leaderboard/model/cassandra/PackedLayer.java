package org.leaderboard.model.cassandra;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.time.Hashing;

/**
 * A snapshot layer in its stored form, held in memory: each chunk's blocks ({@link LayerBlocks}),
 * in order. The snapshot worker merges layers in this form, chunk by chunk, without reading them
 * into tallies; a merged layer is written as it stands.
 */
public final class PackedLayer {

    private final List<List<byte[]>> chunks;
    private final long rows;

    private PackedLayer(List<List<byte[]>> chunks, long rows) {
        this.chunks = chunks;
        this.rows = rows;
    }

    /** The tallies packed into {@code chunks} chunks, as a layer of them is stored. */
    public static PackedLayer of(Tallies tallies, int chunks) {
        List<List<String>> usersByChunk = new ArrayList<>(chunks);
        for (int chunk = 0; chunk < chunks; chunk++) {
            usersByChunk.add(new ArrayList<>());
        }
        for (String user : tallies.asMap().keySet()) {
            usersByChunk.get(Hashing.chunkOf(user, chunks)).add(user);
        }
        List<List<byte[]>> blocks = new ArrayList<>(chunks);
        for (List<String> users : usersByChunk) {
            blocks.add(LayerBlocks.encode(users, tallies));
        }
        return new PackedLayer(blocks, tallies.users());
    }

    /** Each chunk's blocks as read back, in order; the users counted from the blocks' headers. */
    public static PackedLayer ofBlocks(List<List<byte[]>> chunks) {
        long rows = 0;
        for (List<byte[]> chunk : chunks) {
            for (byte[] block : chunk) {
                rows += LayerBlocks.usersIn(block);
            }
        }
        return new PackedLayer(List.copyOf(chunks), rows);
    }

    /**
     * This layer and the one after it as one layer: each user's tallies added up and its voter
     * sketches' union, the blocks the same as {@link #of} would make of the tallies summed.
     */
    public PackedLayer plus(PackedLayer later) {
        if (later.chunks() != chunks()) {
            throw new IllegalArgumentException(
                    "layers of " + chunks() + " and " + later.chunks() + " chunks");
        }
        List<List<byte[]>> merged = new ArrayList<>(chunks());
        long users = 0;
        for (int chunk = 0; chunk < chunks(); chunk++) {
            List<byte[]> blocks = LayerBlocks.merge(blocks(chunk), later.blocks(chunk));
            for (byte[] block : blocks) {
                users += LayerBlocks.usersIn(block);
            }
            merged.add(blocks);
        }
        return new PackedLayer(merged, users);
    }

    /** The layer read into tallies, its sketches kept in their stored form. */
    public Tallies tallies() {
        Tallies all = Tallies.forUsers(rows);
        for (List<byte[]> chunk : chunks) {
            for (byte[] block : chunk) {
                LayerBlocks.decodeInto(ByteBuffer.wrap(block), all);
            }
        }
        return all;
    }

    /** The layer's users decoded into columns in id order, to rank a whole snapshot from. */
    public LayerColumns columns() {
        return LayerBlocks.columns(chunks, rows);
    }

    /** The users the layer holds. */
    public long rows() {
        return rows;
    }

    public int chunks() {
        return chunks.size();
    }

    /** One chunk's blocks in order (not to be modified). */
    public List<byte[]> blocks(int chunk) {
        return chunks.get(chunk);
    }
}
