-- Each process's change log reads the rows of page_changes written since its last round (decision 035).
CREATE INDEX "page_changes_xid_idx" ON "page_changes" USING btree ("xid");
