#!/bin/sh
# Rebuilds the invoice PDFs' fonts (app/features/invoices/.server/fonts/) from the `dejavu-fonts-ttf`
# package: DejaVu Sans and DejaVu Sans Bold reduced to Latin (with its extensions), Greek, Cyrillic,
# punctuation and the euro sign, without hinting or OpenType layout tables, so pdf-lib lays text
# out and subsets it quickly. Needs fontTools' pyftsubset (Debian: apt-get install fonttools).
set -eu
cd "$(dirname "$0")/.."
out=app/features/invoices/.server/fonts
for weight in "" "-Bold"; do
  pyftsubset "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans$weight.ttf" \
    --unicodes="U+0020-007E,U+00A0-024F,U+0259,U+02BC,U+02C6-02DD,U+0300-036F,U+0370-03FF,U+0400-04FF,U+1E00-1EFF,U+2000-206F,U+20AC,U+2116,U+2122,U+2212,U+FB01-FB02" \
    --layout-features='' --no-hinting --drop-tables+=GSUB,GPOS,GDEF,kern,FFTM --name-IDs='*' \
    --output-file="$out/DejaVuSans$weight.ttf"
done
cp node_modules/dejavu-fonts-ttf/LICENSE "$out/LICENSE"
