Bxj
location../x.binj
offset0j
length16p