<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="cave" tilewidth="5" tileheight="5" tilecount="8" columns="8">
 <image source="cave.tileset.png" width="40" height="5"></image>
 <tile id="0">
  <properties>
   <property name="kind" value="wall"></property>
   <property name="color" type="color" value="#ff4a4037"></property>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="floor"></property>
   <property name="color" type="color" value="#ffcfc2a8"></property>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="corridor"></property>
   <property name="color" type="color" value="#ffa69b86"></property>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="door"></property>
   <property name="color" type="color" value="#ffffffff"></property>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="entrance"></property>
   <property name="color" type="color" value="#ff2e8b57"></property>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="goal"></property>
   <property name="color" type="color" value="#fff2c12e"></property>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="floor"></property>
   <property name="tag" value="start"></property>
   <property name="color" type="color" value="#ff4e79a7"></property>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="floor"></property>
   <property name="tag" value="treasure &amp; gold"></property>
   <property name="color" type="color" value="#fff28e2b"></property>
  </properties>
 </tile>
</tileset>
